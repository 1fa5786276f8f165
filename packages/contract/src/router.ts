import { createApiKey } from './api-keys/create.js';
import { listApiKeys } from './api-keys/list.js';
import { retrieveApiKey } from './api-keys/retrieve.js';
import { revokeApiKey } from './api-keys/revoke.js';
import { rotateApiKey } from './api-keys/rotate.js';
import { c, type HrForm } from './common/contract.js';
import { hrInvite } from './hr-applications/invite.js';
import { hrListApplicants } from './hr-applications/list.js';
import { hrQuickScreen } from './hr-applications/quick-screen.js';
import { hrRetrieveApplicant } from './hr-applications/retrieve.js';
import { hrUpgrade } from './hr-applications/upgrade.js';
import { createListing } from './listings/create.js';
import { listListings } from './listings/list.js';
import { createPackage } from './packages/create.js';
import { deletePackage } from './packages/delete.js';
import { listPackages } from './packages/list.js';
import { replacePackage } from './packages/replace.js';
import { retrievePackage } from './packages/retrieve.js';
import { pmInvite } from './pm-applications/invite.js';
import { pmListApplicants } from './pm-applications/list.js';
import { pmQuickScreen } from './pm-applications/quick-screen.js';
import { pmRetrieveApplicant } from './pm-applications/retrieve.js';
import { pmUpgrade } from './pm-applications/upgrade.js';
import { createProperty } from './properties/create.js';
import { listProperties } from './properties/list.js';
import { reportLink } from './reports/link.js';
import { reportPdf } from './reports/pdf.js';
import { reportWeb } from './reports/web.js';
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

/** The 8 HR application and report operations, in one of their two path forms. */
const hrOperations = <F extends HrForm>(form: F) => ({
  invite: hrInvite(form),
  quickScreen: hrQuickScreen(form),
  upgrade: hrUpgrade(form),
  listApplicants: hrListApplicants(form),
  retrieveApplicant: hrRetrieveApplicant(form),
  reportPdf: reportPdf(form),
  reportLink: reportLink(form),
  reportWeb: reportWeb(form),
});

/** Every operation of svc, defined once: the server implements it, the client calls it, the docs describe it. */
export const contract = c.router(
  {
    hr: hrOperations('api'),
    hrV1: hrOperations('hr'),
    serviceCollections: { list: listServiceCollections, retrieve: retrieveServiceCollection },
    pm: {
      invite: pmInvite,
      quickScreen: pmQuickScreen,
      upgrade: pmUpgrade,
      listApplicants: pmListApplicants,
      retrieveApplicant: pmRetrieveApplicant,
      reportPdf: reportPdf('pm'),
      reportLink: reportLink('pm'),
      reportWeb: reportWeb('pm'),
    },
    properties: { list: listProperties, create: createProperty },
    listings: { list: listListings, create: createListing },
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
  },
  { strictStatusCodes: true },
);
export type Contract = typeof contract;
