import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  contract,
  createListingBodySchema,
  createPackageBodySchema,
  createPropertyBodySchema,
  createSuperteamBodySchema,
  hrInviteBodySchema,
  hrQuickScreenBodySchema,
  pmInviteBodySchema,
  replaceTeamBodySchema,
  upgradeBodySchema,
  userBodySchema,
} from '../src/index.js';

const OWNER = '0190b1a4-7c1e-7000-8000-000000000001';

/** The paths of the issues zod raised, dotted as the API reports them. */
function issuePaths(schema: z.ZodTypeAny, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
}

const quickScreen = {
  email: 'ada@example.com',
  tag: 'warehouse-2026',
  information: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    date_of_birth: '1990-12-10',
    sin_ssn: '046454286',
    addresses: [
      {
        address: '1 Main St',
        city: 'Toronto',
        province_state: 'ON',
        country: 'CA',
        postal_code: 'M5V 2T6',
        start_date: '2019-01-01',
      },
    ],
    employers: [{ company_name: 'Analytical Engines Ltd', position: 'Engineer', income: 5000, pay_period: 'MONTHLY' }],
  },
  position_or_property_location: { address: '200 Bay St', city: 'Toronto', province_state: 'ON', country: 'CA' },
  request_softcheck: true,
  request_bureau: true,
  owner_id: OWNER,
};

describe('order bodies', () => {
  it('parse a seed-shaped quick screen', () => {
    expect(issuePaths(hrQuickScreenBodySchema('api'), quickScreen)).toEqual([]);
  });

  it('require owner_id in the /api/v1 form and not in the /hr/v1 form', () => {
    const { owner_id: _owner, ...withoutOwner } = quickScreen;
    expect(issuePaths(hrQuickScreenBodySchema('api'), withoutOwner)).toEqual(['owner_id']);
    expect(issuePaths(hrQuickScreenBodySchema('hr'), withoutOwner)).toEqual([]);
  });

  it('refuse wrong types with the path of the offending field', () => {
    expect(issuePaths(hrQuickScreenBodySchema('api'), { ...quickScreen, request_bureau: 'yes' })).toEqual([
      'request_bureau',
    ]);
    expect(
      issuePaths(hrQuickScreenBodySchema('api'), {
        ...quickScreen,
        information: { ...quickScreen.information, date_of_birth: '10/12/1990' },
      }),
    ).toEqual(['information.date_of_birth']);
    expect(
      issuePaths(hrQuickScreenBodySchema('api'), {
        ...quickScreen,
        information: {
          ...quickScreen.information,
          addresses: [{ address: '1 Main St', city: 'Toronto', country: 'CA', province_state: 5 }],
        },
      }),
    ).toEqual(['information.addresses.0.province_state']);
    expect(issuePaths(hrQuickScreenBodySchema('api'), { ...quickScreen, owner_id: 'not-a-uuid' })).toEqual([
      'owner_id',
    ]);
  });

  it('refuse an unknown request_* field, so a misspelt request flag never silently orders nothing', () => {
    const parsed = hrQuickScreenBodySchema('api').safeParse({ ...quickScreen, request_bureu: true });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['request_bureu'], params: { code: 'unknown_field' } });
  });

  it('ignore other unknown fields, at any depth, as the original service did', () => {
    const parsed = hrQuickScreenBodySchema('api').parse({
      ...quickScreen,
      external_reference: 'abc',
      information: { ...quickScreen.information, id: OWNER, created: '2025-01-01T00:00:00Z', middle_name: null },
    });
    expect(parsed).not.toHaveProperty('external_reference');
    expect(parsed.information).not.toHaveProperty('id');
    expect(parsed.information).not.toHaveProperty('middle_name');
  });

  it('need at least one request flag set to true', () => {
    expect(issuePaths(hrInviteBodySchema('api'), { email: 'a@example.com', owner_id: OWNER })).toEqual(['request_*']);
    expect(
      issuePaths(hrInviteBodySchema('api'), { email: 'a@example.com', owner_id: OWNER, request_base: false }),
    ).toEqual(['request_*']);
    expect(
      issuePaths(hrInviteBodySchema('api'), { email: 'a@example.com', owner_id: OWNER, request_base: true }),
    ).toEqual([]);
    expect(issuePaths(upgradeBodySchema, { tag: 'more' })).toEqual(['request_*']);
  });

  it('take in an upgrade the information its new checks need, in the quick screen’s shape', () => {
    const employer = { company_name: 'Analytical Engines Ltd', position: 'Engineer' };
    const parsed = upgradeBodySchema.parse({
      request_employment_verification: true,
      information: { employers: [{ ...employer, svc_verification: 'VERIFIED' }], middle_name: null },
    });
    expect(parsed.information).toEqual({ employers: [employer] });
    expect(
      issuePaths(upgradeBodySchema, { request_employment_verification: true, information: { employers: [{}] } }),
    ).toEqual(['information.employers.0.company_name']);
  });

  it('take grouped applicants in a PM invite and refuse the same email twice', () => {
    const invite = {
      email: 'tenant@example.com',
      owner_id: OWNER,
      request_bureau: true,
      grouped_applicants: [
        { email: 'roommate@example.com' },
        { email: 'parent@example.com', is_cosigner: true, phone_number: { number: '+1 416 555 0100', country: 'CA' } },
      ],
    };
    expect(issuePaths(pmInviteBodySchema('pm'), invite)).toEqual([]);
    expect(
      issuePaths(pmInviteBodySchema('pm'), { ...invite, grouped_applicants: [{ email: 'TENANT@example.com' }] }),
    ).toEqual(['grouped_applicants.0.email']);
  });
});

describe('property and listing bodies', () => {
  const property = { address: '10 Elm St', city: 'Austin', province_state: 'TX', country: 'US', owner_id: OWNER };

  it('require county for a US property only', () => {
    expect(issuePaths(createPropertyBodySchema, property)).toEqual(['county']);
    expect(issuePaths(createPropertyBodySchema, { ...property, county: 'Travis' })).toEqual([]);
    expect(issuePaths(createPropertyBodySchema, { ...property, country: 'CA', province_state: 'ON' })).toEqual([]);
  });

  it('take a listing with the seed field `url-code` and numeric amounts', () => {
    const listing = {
      rent: 1850.5,
      'url-code': 'elm-10-unit-4',
      notification_list_ids: [OWNER],
      owner_id: OWNER,
      property_id: OWNER,
      move_in_date: '2027-01-01',
    };
    expect(issuePaths(createListingBodySchema, listing)).toEqual([]);
    expect(createListingBodySchema.parse({ ...listing, rent: '1850' }).rent).toBe(1850);
    expect(issuePaths(createListingBodySchema, { ...listing, rent: 'lots' })).toEqual(['rent']);
    expect(issuePaths(createListingBodySchema, { ...listing, notification_list_ids: undefined })).toEqual([
      'notification_list_ids',
    ]);
  });
});

describe('administration bodies', () => {
  const superteam = {
    name: 'Acme Resellers',
    street_address: '1 King St',
    city: 'Sydney',
    province_state: 'NSW',
    country: 'AU',
    postal_code: '2000',
    is_secure_sms_enabled: false,
  };

  it('restrict countries to CA, US, GB and AU', () => {
    expect(issuePaths(createSuperteamBodySchema, superteam)).toEqual([]);
    expect(issuePaths(createSuperteamBodySchema, { ...superteam, country: 'FR' })).toEqual(['country']);
  });

  it('require other_province_state when province_state is OT', () => {
    expect(issuePaths(createSuperteamBodySchema, { ...superteam, province_state: 'OT' })).toEqual([
      'other_province_state',
    ]);
    expect(
      issuePaths(createSuperteamBodySchema, { ...superteam, province_state: 'OT', other_province_state: 'Jervis Bay' }),
    ).toEqual([]);
  });

  it('require every field of a full team replacement', () => {
    expect(issuePaths(replaceTeamBodySchema, { name: 'Ops' }).sort()).toEqual(
      [
        'accounting_email',
        'accounting_email_cc',
        'accounting_first_name',
        'accounting_last_name',
        'city',
        'country',
        'postal_code',
        'pre_pay',
        'province_state',
        'street_address',
        'superteam',
        'type',
      ].sort(),
    );
  });

  it('take users in en or fr only, active by default', () => {
    const user = { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', language: 'en', team: OWNER };
    expect(userBodySchema.parse(user).is_active).toBe(true);
    expect(issuePaths(userBodySchema, { ...user, language: 'de' })).toEqual(['language']);
  });

  it('refuse unknown request flags in a package', () => {
    expect(
      issuePaths(createPackageBodySchema, { name: 'Basic', request_flags: ['request_softcheck', 'request_bureau'] }),
    ).toEqual([]);
    expect(issuePaths(createPackageBodySchema, { name: 'Basic', request_flags: ['request_mind_reading'] })).toEqual([
      'request_flags.0',
    ]);
  });
});

describe('responses', () => {
  it('type the PDF report as application/pdf', () => {
    expect(contract.hr.reportPdf.responses[200]).toMatchObject({ contentType: 'application/pdf' });
  });
});
