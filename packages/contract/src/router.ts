import { createApiKey } from './api-keys/create.js';
import { listApiKeys } from './api-keys/list.js';
import { retrieveApiKey } from './api-keys/retrieve.js';
import { revokeApiKey } from './api-keys/revoke.js';
import { rotateApiKey } from './api-keys/rotate.js';
import { c, type HrForm, type PmForm } from './common/contract.js';
import { listAdverseItems } from './adverse-actions/list-items.js';
import { createAdverseAction } from './adverse-actions/create.js';
import { listAdverseActions } from './adverse-actions/list.js';
import { retrieveAdverseAction } from './adverse-actions/retrieve.js';
import { cancelAdverseAction } from './adverse-actions/cancel.js';
import { resolveAdverseAction } from './adverse-actions/resolve.js';
import { replaceConsumerReportingAgency } from './consumer-reporting-agency/replace.js';
import { retrieveConsumerReportingAgency } from './consumer-reporting-agency/retrieve.js';
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
import { hrCancelApplication } from './hr-applications/cancel.js';
import { hrDeleteApplicant } from './hr-applications/delete.js';
import { hrEraseApplicant } from './hr-applications/erase.js';
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
import { pmCancelApplication } from './pm-applications/cancel.js';
import { pmDeleteApplicant } from './pm-applications/delete.js';
import { pmEraseApplicant } from './pm-applications/erase.js';
import { pmInvite } from './pm-applications/invite.js';
import { pmListApplicants } from './pm-applications/list.js';
import { listApplicantChanges } from './applicant-changes/list.js';
import { listCheckTypes } from './check-types/list.js';
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

/**
 * The types of the routers, written out: the published declarations (`dist/*.d.ts`) name each operation's type
 * (`ReturnType<typeof hrInvite<F>>`) instead of spelling every schema out again, which no compiler can serialize
 * for the whole contract. A new operation goes into both the router and its type (the compiler asks for it).
 */
type Route<T extends (...args: never[]) => unknown> = ReturnType<T>;
type HrOperations<F extends HrForm> = {
  invite: Route<typeof hrInvite<F>>;
  quickScreen: Route<typeof hrQuickScreen<F>>;
  upgrade: Route<typeof hrUpgrade<F>>;
  retryCheck: Route<typeof hrRetryCheck<F>>;
  listApplicants: Route<typeof hrListApplicants<F>>;
  retrieveApplicant: Route<typeof hrRetrieveApplicant<F>>;
  deleteApplicant: Route<typeof hrDeleteApplicant<F>>;
  cancelApplication: Route<typeof hrCancelApplication<F>>;
  eraseApplicant: Route<typeof hrEraseApplicant<F>>;
  reportPdf: Route<typeof reportPdf<F>>;
  reportLink: Route<typeof reportLink<F>>;
  reportWeb: Route<typeof reportWeb<F>>;
};
type AdverseActionOperations<F extends HrForm> = {
  listItems: Route<typeof listAdverseItems<F>>;
  create: Route<typeof createAdverseAction<F>>;
  list: Route<typeof listAdverseActions<F>>;
  retrieve: Route<typeof retrieveAdverseAction<F>>;
  cancel: Route<typeof cancelAdverseAction<F>>;
  resolve: Route<typeof resolveAdverseAction<F>>;
};
type ServiceCollectionOperations<F extends HrForm> = {
  list: Route<typeof listServiceCollections<F>>;
  retrieve: Route<typeof retrieveServiceCollection<F>>;
};
type PmApplicationOperations<F extends PmForm> = {
  invite: Route<typeof pmInvite<F>>;
  quickScreen: Route<typeof pmQuickScreen<F>>;
  listApplicants: Route<typeof pmListApplicants<F>>;
  retrieveApplicant: Route<typeof pmRetrieveApplicant<F>>;
  deleteApplicant: Route<typeof pmDeleteApplicant<F>>;
  cancelApplication: Route<typeof pmCancelApplication<F>>;
  eraseApplicant: Route<typeof pmEraseApplicant<F>>;
  reportPdf: Route<typeof reportPdf<F>>;
  reportLink: Route<typeof reportLink<F>>;
};
type PropertyOperations<F extends PmForm> = {
  list: Route<typeof listProperties<F>>;
  create: Route<typeof createProperty<F>>;
  retrieve: Route<typeof retrieveProperty<F>>;
  update: Route<typeof updateProperty<F, 'PUT'>>;
  patch: Route<typeof updateProperty<F, 'PATCH'>>;
  delete: Route<typeof deleteProperty<F>>;
};
type ListingOperations<F extends PmForm> = {
  list: Route<typeof listListings<F>>;
  retrieve: Route<typeof retrieveListing<F>>;
  update: Route<typeof updateListing<F, 'PUT'>>;
  patch: Route<typeof updateListing<F, 'PATCH'>>;
  delete: Route<typeof deleteListing<F>>;
};
type Routes = {
  hr: HrOperations<'api'>;
  hrV1: HrOperations<'hr'>;
  applicantChanges: { list: typeof listApplicantChanges };
  checkTypes: { list: typeof listCheckTypes };
  adverseActions: AdverseActionOperations<'api'>;
  hrV1AdverseActions: AdverseActionOperations<'hr'>;
  serviceCollections: ServiceCollectionOperations<'hr'>;
  hrServiceCollections: ServiceCollectionOperations<'api'>;
  pm: PmApplicationOperations<'pm'> & {
    upgrade: typeof pmUpgrade;
    retryCheck: typeof pmRetryCheck;
    reportWeb: Route<typeof reportWeb<'pm'>>;
  };
  pmV2: PmApplicationOperations<'v2'> & { reportWeb: typeof reportWebHtml };
  properties: PropertyOperations<'pm'>;
  propertiesV2: PropertyOperations<'v2'>;
  listings: ListingOperations<'pm'> & { create: typeof createListing };
  listingsV2: ListingOperations<'v2'>;
  superteams: {
    list: typeof listSuperteams;
    retrieve: typeof retrieveSuperteam;
    create: typeof createSuperteam;
    update: typeof updateSuperteam;
  };
  teams: {
    list: typeof listTeams;
    retrieve: typeof retrieveTeam;
    create: typeof createTeam;
    replace: typeof replaceTeam;
    listAddressReferenceTemplates: typeof listAddressReferenceTemplates;
    listEmployerReferenceTemplates: typeof listEmployerReferenceTemplates;
  };
  users: {
    list: typeof listUsers;
    retrieve: typeof retrieveUser;
    create: typeof createUser;
    update: typeof updateUser;
    sendPasswordLink: typeof sendPasswordLink;
  };
  sessions: {
    authenticate: typeof authenticate;
    list: typeof listSessions;
    logout: typeof logout;
    logoutAll: typeof logoutAll;
  };
  oauthClients: {
    list: typeof listOAuthClients;
    retrieve: typeof retrieveOAuthClient;
    create: typeof createOAuthClient;
    revoke: typeof revokeOAuthClient;
  };
  packages: {
    list: typeof listPackages;
    retrieve: typeof retrievePackage;
    create: typeof createPackage;
    replace: typeof replacePackage;
    delete: typeof deletePackage;
  };
  apiKeys: {
    list: typeof listApiKeys;
    retrieve: typeof retrieveApiKey;
    create: typeof createApiKey;
    revoke: typeof revokeApiKey;
    rotate: typeof rotateApiKey;
  };
  consumerReportingAgency: {
    retrieve: typeof retrieveConsumerReportingAgency;
    replace: typeof replaceConsumerReportingAgency;
  };
  events: { list: typeof listEvents; retrieve: typeof retrieveEvent };
  webhookEndpoints: {
    list: typeof listWebhookEndpoints;
    retrieve: typeof retrieveWebhookEndpoint;
    create: typeof createWebhookEndpoint;
    replace: typeof replaceWebhookEndpoint;
    delete: typeof deleteWebhookEndpoint;
    rotateSecret: typeof rotateWebhookSecret;
    test: typeof testWebhookEndpoint;
    listDeliveries: typeof listWebhookDeliveries;
    replay: typeof replayWebhookEvents;
  };
};
const ROUTER_OPTIONS = { strictStatusCodes: true } as const;
type RouterOptions = typeof ROUTER_OPTIONS;

/** The 12 HR application and report operations, in one of their two path forms. */
const hrOperations = <F extends HrForm>(form: F): HrOperations<F> => ({
  invite: hrInvite(form),
  quickScreen: hrQuickScreen(form),
  upgrade: hrUpgrade(form),
  retryCheck: hrRetryCheck(form),
  listApplicants: hrListApplicants(form),
  retrieveApplicant: hrRetrieveApplicant(form),
  deleteApplicant: hrDeleteApplicant(form),
  cancelApplication: hrCancelApplication(form),
  eraseApplicant: hrEraseApplicant(form),
  reportPdf: reportPdf(form),
  reportLink: reportLink(form),
  reportWeb: reportWeb(form),
});

/** The 6 adverse-action operations, in one of the two HR path forms. */
const adverseActionOperations = <F extends HrForm>(form: F): AdverseActionOperations<F> => ({
  listItems: listAdverseItems(form),
  create: createAdverseAction(form),
  list: listAdverseActions(form),
  retrieve: retrieveAdverseAction(form),
  cancel: cancelAdverseAction(form),
  resolve: resolveAdverseAction(form),
});

/** Every operation of svc, defined once: the server implements it, the client calls it, the docs describe it. */
export const contract: ReturnType<typeof c.router<Routes, string, RouterOptions>> = c.router(
  {
    hr: hrOperations('api'),
    hrV1: hrOperations('hr'),
    /** The applicant change feed, HR and PM. */
    applicantChanges: { list: listApplicantChanges },
    /** The checks a team can order and what each needs. */
    checkTypes: { list: listCheckTypes },
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
      cancelApplication: pmCancelApplication('pm'),
      eraseApplicant: pmEraseApplicant('pm'),
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
      cancelApplication: pmCancelApplication('v2'),
      eraseApplicant: pmEraseApplicant('v2'),
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
    consumerReportingAgency: {
      retrieve: retrieveConsumerReportingAgency,
      replace: replaceConsumerReportingAgency,
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
  } satisfies Routes,
  ROUTER_OPTIONS,
);
export type Contract = typeof contract;
