/**
 * Hand-written request examples, one per operation, shaped like the seeds' examples. The build parses each part
 * with the operation's own schema (path parameters, query, headers, body) and fails on any that does not parse.
 */

export type RequestExample = {
  /**
   * What authenticates the example when not an API key: the user's email and password (HTTP Basic, where sessions
   * start) or a session token.
   */
  credential?: 'password' | 'session';
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  body?: unknown;
};

// Identifiers a partner would have from earlier calls (bootstrap, a create, a list).
export const IDS = {
  applicant: '0195f3a2-7c41-7d2e-9b1a-3f6c8e2d4a17',
  checkExecution: '0195f3a2-7d03-7a41-8c5e-2b9d4f6a1c38',
  hrUser: '0195f3a0-1b2c-7a3d-8e4f-5a6b7c8d9e01',
  pmUser: '0195f3a0-1b2c-7a3d-8e4f-5a6b7c8d9e02',
  hrTeam: '0195f3a0-2c3d-7b4e-9f5a-6b7c8d9e0f11',
  pmTeam: '0195f3a0-2c3d-7b4e-9f5a-6b7c8d9e0f12',
  superteam: '0195f3a0-3d4e-7c5f-8a6b-7c8d9e0f1a21',
  package: '0195f3a4-4e5f-7d6a-9b7c-8d9e0f1a2b31',
  property: '0195f3a5-5f6a-7e7b-8c8d-9e0f1a2b3c41',
  listing: '0195f3a6-6a7b-7f8c-9d9e-0f1a2b3c4d51',
  serviceCollection: '0195f3a7-7b8c-7a9d-8e0f-1a2b3c4d5e61',
  apiKey: '0195f3a8-8c9d-7b0e-9f1a-2b3c4d5e6f71',
  event: '0195f3aa-8c9d-7b0e-9f1a-2b3c4d5e6f72',
  webhookEndpoint: '0195f3a9-9d0e-7c1f-8a2b-3c4d5e6f7a81',
  oauthClient: '0195f3ab-9d0e-7c1f-8a2b-3c4d5e6f7a82',
  adverseAction: '0195f3ac-0e1f-7d2a-8b3c-4d5e6f7a8b91',
} as const;

/** The property the PM examples lease: every property an example shows is this one (example-fixtures.ts). */
export const PROPERTY = {
  building: 'Harbourfront Tower',
  building_code: 'HT-01',
  address: '10 Harbour St',
  city: 'Toronto',
  province_state: 'ON',
  country: 'CA',
  postal_code: 'M5J 2X3',
};

const idempotency = (key: string) => ({ 'idempotency-key': key });

const location = {
  address: '100 King St W',
  city: 'Toronto',
  province_state: 'ON',
  country: 'CA',
  postal_code: 'M5X 1A9',
};

const quickInformation = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '1990-12-10',
  phone_number: '+1 416 555 0134',
  addresses: [
    {
      address: '22 Wellesley St E',
      unit: '1104',
      city: 'Toronto',
      province_state: 'ON',
      country: 'CA',
      postal_code: 'M4Y 1G3',
      rent_or_own: 'RENT',
      start_date: '2021-06-01',
    },
    {
      address: '455 Rue Sherbrooke O',
      city: 'Montréal',
      province_state: 'QC',
      country: 'CA',
      postal_code: 'H3A 1B7',
      start_date: '2017-09-01',
      end_date: '2021-05-31',
    },
  ],
  employers: [{ company_name: 'Northwind Logistics', position: 'Shift lead', start_date: '2021-07-05' }],
};

const hrOrderFlags = {
  request_softcheck: true,
  request_identity_verification: true,
  request_employment_verification: true,
};

function hrExamples(prefix: 'hr' | 'hrV1', withOwner: boolean): Record<string, RequestExample> {
  const owner = withOwner ? { owner_id: IDS.hrUser } : {};
  return {
    [`${prefix}Invite`]: {
      headers: idempotency('invite-ada-2025-03-14'),
      body: {
        email: 'ada.lovelace@example.com',
        phone_number: { phone_type: 'MOBILE', number: '+1 416 555 0134', country: 'CA' },
        tag: 'toronto-warehouse-2025',
        information: { first_name: 'Ada', last_name: 'Lovelace' },
        ...hrOrderFlags,
        ...owner,
      },
    },
    [`${prefix}QuickScreen`]: {
      headers: idempotency('quick-ada-2025-03-14'),
      body: {
        email: 'ada.lovelace@example.com',
        tag: 'toronto-warehouse-2025',
        information: quickInformation,
        position_or_property_location: location,
        // A quick screen collects no identity document or selfie, so it orders no identity verification.
        request_softcheck: true,
        request_criminal_record_check: true,
        ...owner,
      },
    },
    [`${prefix}Upgrade`]: {
      params: { applicant_id: IDS.applicant },
      headers: idempotency('upgrade-ada-crc'),
      body: {
        tag: 'toronto-warehouse-2025',
        request_criminal_record_check: true,
        request_employment_verification: true,
        // What the new check needs: appended to the applicant's information, never replacing a recorded value.
        information: {
          employers: [{ company_name: 'Analytical Engines Ltd', position: 'Engineer', start_date: '2021-03-01' }],
        },
      },
    },
    [`${prefix}RetryCheck`]: {
      params: { applicant_id: IDS.applicant, check_id: `check_exec_${IDS.checkExecution}` },
      headers: idempotency('retry-ada-softcheck'),
    },
    [`${prefix}ListApplicants`]: { query: { page: 2, page_size: 25 } },
    [`${prefix}RetrieveApplicant`]: { params: { applicant_id: IDS.applicant } },
    [`${prefix}DeleteApplicant`]: { params: { applicant_id: IDS.applicant } },
    [`${prefix}CancelApplication`]: { params: { applicant_id: IDS.applicant }, body: { reason: 'position_filled' } },
    [`${prefix}EraseApplicant`]: { params: { applicant_id: IDS.applicant } },
    [`${prefix}ReportPdf`]: { params: { applicant_id: IDS.applicant } },
    [`${prefix}ReportLink`]: { params: { applicant_id: IDS.applicant } },
    [`${prefix}ReportWeb`]: { params: { applicant_id: IDS.applicant } },
  };
}

const superteamBody = {
  name: 'Northwind Staffing',
  street_address: '100 King St W',
  city: 'Toronto',
  province_state: 'ON',
  country: 'CA',
  postal_code: 'M5X 1A9',
  is_secure_sms_enabled: true,
};

const teamReplaceBody = {
  name: 'Northwind Warehouse Hiring',
  type: 'HR',
  country: 'CA',
  pre_pay: false,
  superteam: IDS.superteam,
  postal_code: 'M5X 1A9',
  city: 'Toronto',
  street_address: '100 King St W',
  province_state: 'ON',
  accounting_first_name: 'Grace',
  accounting_last_name: 'Hopper',
  accounting_email: 'accounts@northwind.example',
  accounting_email_cc: 'finance@northwind.example',
};

const userBody = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace.hopper@northwind.example',
  language: 'en',
  team: IDS.hrTeam,
  is_active: true,
};

const packageSettings = {
  employment_verification_min: 1,
  employment_verification_max: 2,
  employment_verification_years: 5,
  employment_verification_years_or_individually: 'YEARS',
};

export const REQUEST_EXAMPLES: Record<string, RequestExample> = {
  ...hrExamples('hr', true),
  ...hrExamples('hrV1', false),
  listServiceCollections: { query: { page: 1 } },
  listApiKeys: { query: { page: 1, user_id: IDS.hrUser } },
  retrieveApiKey: { params: { api_key_id: IDS.apiKey } },
  createApiKey: {
    headers: idempotency('key-crm-integration'),
    body: { user_id: IDS.hrUser, environment: 'live', name: 'CRM integration', scope: 'read_write' },
  },
  revokeApiKey: { params: { api_key_id: IDS.apiKey } },
  rotateApiKey: { params: { api_key_id: IDS.apiKey }, body: { overlap_seconds: 86400 } },
  retrieveServiceCollection: { params: { servicecollection_id: IDS.serviceCollection } },
  hrListServiceCollections: { query: { page: 1 } },
  hrRetrieveServiceCollection: { params: { servicecollection_id: IDS.serviceCollection } },
  pmInvite: {
    headers: idempotency('invite-unit-1104-2025-03'),
    body: {
      email: 'ada.lovelace@example.com',
      tag: 'harbourfront-1104',
      phone_number: { phone_type: 'MOBILE', number: '+1 416 555 0134', country: 'CA' },
      information: { first_name: 'Ada', last_name: 'Lovelace' },
      request_bureau: true,
      request_softcheck: true,
      request_address_references: true,
      owner_id: IDS.pmUser,
      listing_id: IDS.listing,
      share_of_rent: 50,
      grouped_applicants: [{ email: 'charles.babbage@example.com', share_of_rent: 50 }],
    },
  },
  pmQuickScreen: {
    headers: idempotency('quick-unit-1104-ada'),
    body: {
      email: 'ada.lovelace@example.com',
      tag: 'harbourfront-1104',
      information: quickInformation,
      position_or_property_location: {
        address: PROPERTY.address,
        city: PROPERTY.city,
        province_state: PROPERTY.province_state,
        country: PROPERTY.country,
        postal_code: PROPERTY.postal_code,
      },
      request_bureau: true,
      request_softcheck: true,
      owner_id: IDS.pmUser,
    },
  },
  pmUpgrade: {
    params: { applicant_id: IDS.applicant },
    headers: idempotency('upgrade-unit-1104-refs'),
    body: { request_address_references: true },
  },
  pmRetryCheck: { params: { applicant_id: IDS.applicant, check_id: 'bureau' } },
  hrListAdverseItems: { params: { applicant_id: IDS.applicant } },
  hrCreateAdverseAction: {
    params: { applicant_id: IDS.applicant },
    headers: idempotency('adverse-action-ada-1'),
    body: { item_ids: [`adv_item_${IDS.checkExecution}_1`], language: 'en' },
  },
  hrListAdverseActions: { params: { applicant_id: IDS.applicant }, query: { page: 1 } },
  hrRetrieveAdverseAction: { params: { applicant_id: IDS.applicant, action_id: IDS.adverseAction } },
  hrCancelAdverseAction: { params: { applicant_id: IDS.applicant, action_id: IDS.adverseAction } },
  hrResolveAdverseAction: {
    params: { applicant_id: IDS.applicant, action_id: IDS.adverseAction },
    body: { outcome: 'proceed' },
  },
  pmListApplicants: { query: { page: 1, application__team__id: IDS.pmTeam, owner: IDS.pmUser } },
  pmRetrieveApplicant: { params: { applicant_id: IDS.applicant } },
  pmDeleteApplicant: { params: { applicant_id: IDS.applicant } },
  pmCancelApplication: { params: { applicant_id: IDS.applicant }, body: { reason: 'position_filled' } },
  pmEraseApplicant: { params: { applicant_id: IDS.applicant } },
  pmReportPdf: { params: { applicant_id: IDS.applicant } },
  pmReportLink: { params: { applicant_id: IDS.applicant } },
  pmReportWeb: { params: { applicant_id: IDS.applicant } },
  listProperties: { query: { page: 1 } },
  createProperty: {
    headers: idempotency('property-harbourfront'),
    body: {
      ...PROPERTY,
      is_active: true,
      owner_id: IDS.pmUser,
    },
  },
  listListings: { query: { page: 1 } },
  createListing: {
    headers: idempotency('listing-harbourfront-1104'),
    body: {
      name: 'Harbourfront Tower, unit 1104',
      unit: '1104',
      rent: 2450,
      security_deposit_amount: 2450,
      pet_deposit: true,
      pet_deposit_amount: 300,
      move_in_immediately: false,
      move_in_date: '2025-05-01',
      storage_locker: true,
      is_active: true,
      property_manager_terms: 'No smoking. Tenant insurance required.',
      notification_list_ids: [IDS.pmUser],
      owner_id: IDS.pmUser,
      property_id: IDS.property,
    },
  },
  listSuperteams: { query: { page: 1 } },
  retrieveSuperteam: { params: { superteam_id: IDS.superteam } },
  createSuperteam: {
    headers: idempotency('superteam-northwind'),
    body: { ...superteamBody, is_report_id_enabled: false },
  },
  updateSuperteam: {
    params: { superteam_id: IDS.superteam },
    headers: idempotency('superteam-northwind-v2'),
    body: { ...superteamBody, is_report_id_enabled: true },
  },
  listTeams: { query: { superteam: IDS.superteam, page: 1 } },
  retrieveTeam: { params: { team_id: IDS.hrTeam } },
  createTeam: {
    headers: idempotency('team-northwind-warehouse'),
    body: {
      name: 'Northwind Warehouse Hiring',
      type: 'HR',
      country: 'CA',
      superteam: IDS.superteam,
      province_state: 'ON',
      city: 'Toronto',
      accounting_email: 'accounts@northwind.example',
    },
  },
  replaceTeam: {
    params: { team_id: IDS.hrTeam },
    headers: idempotency('team-northwind-warehouse-v2'),
    body: teamReplaceBody,
  },
  listAddressReferenceTemplates: { params: { team_id: IDS.pmTeam } },
  listEmployerReferenceTemplates: { params: { team_id: IDS.hrTeam } },
  listUsers: { query: { team: IDS.hrTeam, is_active: 'true' } },
  retrieveUser: { params: { user_id: IDS.hrUser } },
  createUser: { headers: idempotency('user-grace-hopper'), body: userBody },
  updateUser: {
    params: { user_id: IDS.hrUser },
    headers: idempotency('user-grace-hopper-fr'),
    body: { ...userBody, language: 'fr' },
  },
  listPackages: { query: { team: IDS.hrTeam } },
  retrievePackage: { params: { package_id: IDS.package } },
  retrieveConsumerReportingAgency: {},
  replaceConsumerReportingAgency: {
    headers: idempotency('agency-2025-03'),
    body: {
      name: 'Northwind Screening Services',
      address: {
        address: '350 Fifth Avenue, Suite 4100',
        city: 'New York',
        province_state: 'NY',
        postal_code: '10118',
        country: 'US',
      },
      phone: '+1 212 555 0100',
      website: 'https://screening.example.com',
    },
  },
  listEvents: { query: { type: 'application.returned', created_after: '2025-03-14T00:00:00Z' } },
  listApplicantChanges: { query: { after: '741_20961', page_size: 100 } },
  listCheckTypes: { query: { team_id: IDS.hrTeam } },
  retrieveEvent: { params: { event_id: IDS.event } },
  listWebhookEndpoints: { query: {} },
  retrieveWebhookEndpoint: { params: { webhookendpoint_id: IDS.webhookEndpoint } },
  createWebhookEndpoint: {
    headers: idempotency('webhook-hr-returns'),
    body: {
      url: 'https://hooks.example.com/svc',
      event_types: ['applicant.submitted', 'application.returned'],
      team: IDS.hrTeam,
    },
  },
  replaceWebhookEndpoint: {
    params: { webhookendpoint_id: IDS.webhookEndpoint },
    headers: idempotency('webhook-hr-returns-v2'),
    body: { url: 'https://hooks.example.com/svc', event_types: null, team: IDS.hrTeam, enabled: true },
  },
  deleteWebhookEndpoint: { params: { webhookendpoint_id: IDS.webhookEndpoint } },
  rotateWebhookSecret: {
    params: { webhookendpoint_id: IDS.webhookEndpoint },
    headers: idempotency('webhook-rotate-2025-03'),
    body: { overlap_seconds: 86_400 },
  },
  testWebhookEndpoint: { params: { webhookendpoint_id: IDS.webhookEndpoint } },
  listWebhookDeliveries: { params: { webhookendpoint_id: IDS.webhookEndpoint } },
  replayWebhookEvents: {
    params: { webhookendpoint_id: IDS.webhookEndpoint },
    headers: idempotency('webhook-replay-2025-03-14'),
    body: { since: '2025-03-14T00:00:00Z' },
  },
  createPackage: {
    headers: idempotency('package-standard-hr'),
    body: {
      name: 'Standard HR',
      team: IDS.hrTeam,
      request_flags: ['request_softcheck', 'request_employment_verification'],
      settings: packageSettings,
    },
  },
  replacePackage: {
    params: { package_id: IDS.package },
    headers: idempotency('package-standard-hr-v2'),
    body: {
      name: 'Standard HR',
      team: IDS.hrTeam,
      request_flags: ['request_softcheck', 'request_employment_verification', 'request_criminal_record_check'],
      settings: packageSettings,
    },
  },
  deletePackage: { params: { package_id: IDS.package } },
  sendPasswordLink: { params: { user_id: IDS.hrUser } },
  authenticate: { credential: 'password', body: { expires: '2025-03-14T18:00:00Z' } },
  listSessions: { credential: 'session' },
  logout: { credential: 'session' },
  logoutAll: { credential: 'session' },
  listOAuthClients: { query: { page: 1 } },
  retrieveOAuthClient: { params: { client_id: IDS.oauthClient } },
  createOAuthClient: {
    headers: idempotency('oauth-client-payroll-sync'),
    body: { user: IDS.hrUser, name: 'Payroll sync' },
  },
  revokeOAuthClient: { params: { client_id: IDS.oauthClient } },
};

/** An order example without `owner_id`: the `/api/v2` forms default it to the key's user. */
function withoutOwner(example: RequestExample | undefined): RequestExample {
  const { owner_id: _owner, ...body } = (example?.body ?? {}) as Record<string, unknown>;
  return { ...example, body };
}

// The /api/v2 forms of the PM operations.
// The /hr/v1 forms of the adverse-action operations take the same requests.
for (const name of [
  'ListAdverseItems',
  'CreateAdverseAction',
  'ListAdverseActions',
  'RetrieveAdverseAction',
  'CancelAdverseAction',
  'ResolveAdverseAction',
])
  REQUEST_EXAMPLES[`hrV1${name}`] = REQUEST_EXAMPLES[`hr${name}`]!;

Object.assign(REQUEST_EXAMPLES, {
  pmV2Invite: withoutOwner(REQUEST_EXAMPLES.pmInvite),
  pmV2QuickScreen: withoutOwner(REQUEST_EXAMPLES.pmQuickScreen),
  pmV2ListApplicants: { query: { page: 1 } },
  pmV2RetrieveApplicant: { params: { applicant_id: IDS.applicant } },
  pmV2DeleteApplicant: { params: { applicant_id: IDS.applicant } },
  pmV2CancelApplication: { params: { applicant_id: IDS.applicant }, body: { reason: 'position_filled' } },
  pmV2EraseApplicant: { params: { applicant_id: IDS.applicant } },
  pmV2ReportPdf: { params: { applicant_id: IDS.applicant } },
  pmV2ReportLink: { params: { applicant_id: IDS.applicant } },
  pmV2ReportWeb: { params: { applicant_id: IDS.applicant } },
  listPropertiesV2: { query: { page: 1 } },
  createPropertyV2: { ...REQUEST_EXAMPLES.createProperty },
  listListingsV2: { query: { page: 1 } },
  ...propertyByIdExamples(''),
  ...propertyByIdExamples('V2'),
  ...listingByIdExamples(''),
  ...listingByIdExamples('V2'),
} satisfies Record<string, RequestExample>);

/** Retrieve, update (PUT and PATCH: the fields sent change) and delete of one property, in one form. */
function propertyByIdExamples(suffix: '' | 'V2'): Record<string, RequestExample> {
  const params = { property_id: IDS.property };
  const changes = { is_active: false };
  return {
    [`retrieveProperty${suffix}`]: { params },
    [`updateProperty${suffix}`]: { params, headers: idempotency('property-rename'), body: changes },
    [`patchProperty${suffix}`]: { params, headers: idempotency('property-rename'), body: changes },
    [`deleteProperty${suffix}`]: { params },
  };
}

/** Retrieve, update (PUT and PATCH: the fields sent change) and delete of one listing, in one form. */
function listingByIdExamples(suffix: '' | 'V2'): Record<string, RequestExample> {
  const params = { listing_id: IDS.listing };
  const changes = { rent: 1950, is_public: false };
  return {
    [`retrieveListing${suffix}`]: { params },
    [`updateListing${suffix}`]: { params, headers: idempotency('listing-new-rent'), body: changes },
    [`patchListing${suffix}`]: { params, headers: idempotency('listing-new-rent'), body: changes },
    [`deleteListing${suffix}`]: { params },
  };
}
