import { createApiKey } from './api-keys/create.js';
import { listApiKeys } from './api-keys/list.js';
import { retrieveApiKey } from './api-keys/retrieve.js';
import { revokeApiKey } from './api-keys/revoke.js';
import { rotateApiKey } from './api-keys/rotate.js';
import { c, type HrForm } from './common/contract.js';
import { listAdverseItems } from './adverse-actions/list-items.js';
import { createAdverseAction } from './adverse-actions/create.js';
import { listAdverseActions } from './adverse-actions/list.js';
import { retrieveAdverseAction } from './adverse-actions/retrieve.js';
import { cancelAdverseAction } from './adverse-actions/cancel.js';
import { resolveAdverseAction } from './adverse-actions/resolve.js';
import { listEvents } from './events/list.js';
import { retrieveEvent } from './events/retrieve.js';
import { createWebhookEndpoint } from './webhook-endpoints/create.js';
import { deleteWebhookEndpoint } from './webhook-endpoints/delete.js';
import { listWebhookDeliveries } from './webhook-endpoints/deliveries.js';
import { listWebhookEndpoints } from './webhook-endpoints/list.js';
import { replaceWebhookEndpoint } from './webhook-endpoints/replace.js';
import { replayWebhookEvents } from './webhook-endpoints/replay.js';
import { retrieveWebhookEndpoint } from './webhook-endpoints/retrieve.js';
import { rotateWebhookSecret } from './webhook-endpoints/rotate-secret.js';
import { testWebhookEndpoint } from './webhook-endpoints/test.js';
import { hrDeleteApplicant } from './hr-applications/delete.js';
import { hrInvite } from './hr-applications/invite.js';
import { hrListApplicants } from './hr-applications/list.js';
import { hrQuickScreen } from './hr-applications/quick-screen.js';
import { hrRetrieveApplicant } from './hr-applications/retrieve.js';
import { hrRetryCheck } from './hr-applications/retry-check.js';
import { hrUpgrade } from './hr-applications/upgrade.js';
import { createListing } from './listings/create.js';
import { listListings } from './listings/list.js';
import { retrieveListing } from './listings/retrieve.js';
import { updateListing } from './listings/update.js';
import { deleteListing } from './listings/delete.js';
import { createPackage } from './packages/create.js';
import { deletePackage } from './packages/delete.js';
import { listPackages } from './packages/list.js';
import { replacePackage } from './packages/replace.js';
import { retrievePackage } from './packages/retrieve.js';
import { pmDeleteApplicant } from './pm-applications/delete.js';
import { pmInvite } from './pm-applications/invite.js';
import { pmListApplicants } from './pm-applications/list.js';
import { pmQuickScreen } from './pm-applications/quick-screen.js';
import { pmRetrieveApplicant } from './pm-applications/retrieve.js';
import { pmRetryCheck } from './pm-applications/retry-check.js';
import { pmUpgrade } from './pm-applications/upgrade.js';
import { createProperty } from './properties/create.js';
import { listProperties } from './properties/list.js';
import { retrieveProperty } from './properties/retrieve.js';
import { updateProperty } from './properties/update.js';
import { deleteProperty } from './properties/delete.js';
import { reportLink } from './reports/link.js';
import { reportPdf } from './reports/pdf.js';
import { reportWeb } from './reports/web.js';
import { reportWebHtml } from './reports/web-html.js';
import { listServiceCollections } from './service-collections/list.js';
import { retrieveServiceCollection } from './service-collections/retrieve.js';
import { createSuperteam } from './superteams/create.js';
import { listSuperteams } from './superteams/list.js';
import { retrieveSuperteam } from './superteams/retrieve.js';
import { updateSuperteam } from './superteams/update.js';
import { createTeam } from './teams/create.js';
import { listTeams } from './teams/list.js';
import { listAddressReferenceTemplates, listEmployerReferenceTemplates } from './teams/reference-templates.js';
import { replaceTeam } from './teams/replace.js';
import { retrieveTeam } from './teams/retrieve.js';
import { createUser } from './users/create.js';
import { listUsers } from './users/list.js';
import { retrieveUser } from './users/retrieve.js';
import { updateUser } from './users/update.js';
import { sendPasswordLink } from './users/send-password-link.js';
import { authenticate } from './sessions/authenticate.js';
import { listSessions } from './sessions/list.js';
import { logout, logoutAll } from './sessions/logout.js';
import { createOAuthClient } from './oauth-clients/create.js';
import { listOAuthClients } from './oauth-clients/list.js';
import { retrieveOAuthClient } from './oauth-clients/retrieve.js';
import { revokeOAuthClient } from './oauth-clients/revoke.js';

/** The 10 HR application and report operations, in one of their two path forms. */
const hrOperations = <F extends HrForm>(form: F) => ({
  invite: hrInvite(form),
  quickScreen: hrQuickScreen(form),
  upgrade: hrUpgrade(form),
  retryCheck: hrRetryCheck(form),
  listApplicants: hrListApplicants(form),
  retrieveApplicant: hrRetrieveApplicant(form),
  deleteApplicant: hrDeleteApplicant(form),
  reportPdf: reportPdf(form),
  reportLink: reportLink(form),
  reportWeb: reportWeb(form),
});

/** The 6 adverse-action operations, in one of the two HR path forms. */
const adverseActionOperations = <F extends HrForm>(form: F) => ({
  listItems: listAdverseItems(form),
  create: createAdverseAction(form),
  list: listAdverseActions(form),
  retrieve: retrieveAdverseAction(form),
  cancel: cancelAdverseAction(form),
  resolve: resolveAdverseAction(form),
});

/** Every operation of svc, defined once: the server implements it, the client calls it, the docs describe it. */
export const contract = c.router(
  {
    hr: hrOperations('api'),
    hrV1: hrOperations('hr'),
    /** Adverse action on HR applications of US teams, in both HR path forms. */
    adverseActions: adverseActionOperations('api'),
    hrV1AdverseActions: adverseActionOperations('hr'),
    serviceCollections: { list: listServiceCollections('hr'), retrieve: retrieveServiceCollection('hr') },
    hrServiceCollections: { list: listServiceCollections('api'), retrieve: retrieveServiceCollection('api') },
    pm: {
      invite: pmInvite('pm'),
      quickScreen: pmQuickScreen('pm'),
      upgrade: pmUpgrade,
      retryCheck: pmRetryCheck,
      listApplicants: pmListApplicants('pm'),
      retrieveApplicant: pmRetrieveApplicant('pm'),
      deleteApplicant: pmDeleteApplicant('pm'),
      reportPdf: reportPdf('pm'),
      reportLink: reportLink('pm'),
      reportWeb: reportWeb('pm'),
    },
    /** The PM application and report operations under `/api/v2`, where the original service served them. */
    pmV2: {
      invite: pmInvite('v2'),
      quickScreen: pmQuickScreen('v2'),
      listApplicants: pmListApplicants('v2'),
      retrieveApplicant: pmRetrieveApplicant('v2'),
      deleteApplicant: pmDeleteApplicant('v2'),
      reportPdf: reportPdf('v2'),
      reportLink: reportLink('v2'),
      reportWeb: reportWebHtml,
    },
    properties: {
      list: listProperties('pm'),
      create: createProperty('pm'),
      retrieve: retrieveProperty('pm'),
      update: updateProperty('pm', 'PUT'),
      patch: updateProperty('pm', 'PATCH'),
      delete: deleteProperty('pm'),
    },
    propertiesV2: {
      list: listProperties('v2'),
      create: createProperty('v2'),
      retrieve: retrieveProperty('v2'),
      update: updateProperty('v2', 'PUT'),
      patch: updateProperty('v2', 'PATCH'),
      delete: deleteProperty('v2'),
    },
    listings: {
      list: listListings('pm'),
      create: createListing,
      retrieve: retrieveListing('pm'),
      update: updateListing('pm', 'PUT'),
      patch: updateListing('pm', 'PATCH'),
      delete: deleteListing('pm'),
    },
    listingsV2: {
      list: listListings('v2'),
      retrieve: retrieveListing('v2'),
      update: updateListing('v2', 'PUT'),
      patch: updateListing('v2', 'PATCH'),
      delete: deleteListing('v2'),
    },
    superteams: { list: listSuperteams, retrieve: retrieveSuperteam, create: createSuperteam, update: updateSuperteam },
    teams: {
      list: listTeams,
      retrieve: retrieveTeam,
      create: createTeam,
      replace: replaceTeam,
      listAddressReferenceTemplates,
      listEmployerReferenceTemplates,
    },
    users: {
      list: listUsers,
      retrieve: retrieveUser,
      create: createUser,
      update: updateUser,
      sendPasswordLink,
    },
    sessions: { authenticate, list: listSessions, logout, logoutAll },
    oauthClients: {
      list: listOAuthClients,
      retrieve: retrieveOAuthClient,
      create: createOAuthClient,
      revoke: revokeOAuthClient,
    },
    packages: {
      list: listPackages,
      retrieve: retrievePackage,
      create: createPackage,
      replace: replacePackage,
      delete: deletePackage,
    },
    apiKeys: {
      list: listApiKeys,
      retrieve: retrieveApiKey,
      create: createApiKey,
      revoke: revokeApiKey,
      rotate: rotateApiKey,
    },
    events: { list: listEvents, retrieve: retrieveEvent },
    webhookEndpoints: {
      list: listWebhookEndpoints,
      retrieve: retrieveWebhookEndpoint,
      create: createWebhookEndpoint,
      replace: replaceWebhookEndpoint,
      delete: deleteWebhookEndpoint,
      rotateSecret: rotateWebhookSecret,
      test: testWebhookEndpoint,
      listDeliveries: listWebhookDeliveries,
      replay: replayWebhookEvents,
    },
  },
  { strictStatusCodes: true },
);
export type Contract = typeof contract;
