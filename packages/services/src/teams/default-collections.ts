import type { RequestFlag } from '@svc/contract';
import { type TeamType, managerOf, type DbHandle } from '@svc/db';
import { Package, ServiceCollection, ENVIRONMENTS, type Team } from '@svc/db/entities';

type Preset = {
  name: string;
  isQuickscreen: boolean;
  flags: readonly RequestFlag[];
  settings: Record<string, unknown>;
};

const REFERENCES_INDIVIDUALLY = {
  address_references_years_or_individually: 'INDIVIDUALLY',
  employer_references_years_or_individually: 'INDIVIDUALLY',
  employment_verification_years_or_individually: 'INDIVIDUALLY',
};

/**
 * The service collections every team starts with (document 1: presets an applicant-tracking integration may use).
 * Each holds only checks a team of its kind may run by default, so its flags can be sent as they are.
 */
const PRESETS: Record<TeamType, readonly Preset[]> = {
  HR: [
    {
      name: 'Standard employment',
      isQuickscreen: false,
      flags: [
        'request_identity_verification',
        'request_softcheck',
        'request_criminal_record_check',
        'request_employer_references',
        'request_employment_verification',
        'request_education_verification',
      ],
      settings: {
        ...REFERENCES_INDIVIDUALLY,
        employer_references_min: 1,
        employer_references_max: 2,
        employment_verification_min: 1,
        employment_verification_max: 3,
        employment_verification_years: 7,
        education_verification_min: 1,
        education_verification_max: 1,
        education_verification_level: 'HIGHEST',
      },
    },
    {
      name: 'Executive',
      isQuickscreen: false,
      flags: [
        'request_enhanced_identity_verification',
        'request_bureau',
        'request_softcheck',
        'request_criminal_record_check',
        'request_international_criminal_record_check',
        'request_employer_references',
        'request_employment_verification',
        'request_education_verification',
        'request_credential_verification',
      ],
      settings: {
        ...REFERENCES_INDIVIDUALLY,
        requested_countries: ['US', 'GB'],
        employer_references_min: 2,
        employer_references_max: 3,
        employment_verification_min: 2,
        employment_verification_max: 5,
        employment_verification_years: 10,
        education_verification_min: 1,
        education_verification_max: 3,
        education_verification_level: 'ALL',
        credential_verification_min: 1,
        credential_verification_max: 3,
        credential_verification_level: 'ALL',
      },
    },
    {
      name: 'Quick identity',
      isQuickscreen: true,
      flags: ['request_identity_verification', 'request_softcheck'],
      settings: {},
    },
  ],
  PM: [
    {
      name: 'Tenant standard',
      isQuickscreen: false,
      flags: [
        'request_identity_verification',
        'request_bureau',
        'request_softcheck',
        'request_address_references',
        'request_employment_verification',
      ],
      settings: {
        ...REFERENCES_INDIVIDUALLY,
        address_references_min: 1,
        address_references_max: 2,
        address_references_years: 3,
        employment_verification_min: 1,
        employment_verification_max: 1,
        employment_verification_years: 2,
      },
    },
    {
      name: 'Quick identity',
      isQuickscreen: true,
      flags: ['request_identity_verification', 'request_softcheck'],
      settings: {},
    },
  ],
};

/** The preset service collections of a new team (bootstrap and team creation). */
export async function createDefaultServiceCollections(
  handle: DbHandle,
  team: Pick<Team, 'id' | 'partnerId' | 'type'>,
): Promise<ServiceCollection[]> {
  const manager = managerOf(handle);
  const rows = PRESETS[team.type].map((preset) =>
    manager.create(ServiceCollection, {
      partnerId: team.partnerId,
      teamId: team.id,
      name: preset.name,
      isQuickscreen: preset.isQuickscreen,
      requestFlags: [...preset.flags],
      settings: preset.settings,
    }),
  );
  return manager.save(rows);
}

/**
 * The default packages of a new team, one per environment: its kind's standard preset (the first), which an order
 * naming no check runs (`orderWithPackage`). A partner changes it by replacing the package.
 */
export async function createDefaultPackages(
  handle: DbHandle,
  team: Pick<Team, 'id' | 'partnerId' | 'superteamId' | 'type'>,
): Promise<Package[]> {
  const manager = managerOf(handle);
  const preset = PRESETS[team.type][0]!;
  return manager.save(
    ENVIRONMENTS.map((environment) =>
      manager.create(Package, {
        partnerId: team.partnerId,
        environment,
        superteamId: team.superteamId,
        teamId: team.id,
        name: preset.name,
        requestFlags: [...preset.flags],
        settings: preset.settings,
        isDefault: true,
      }),
    ),
  );
}
