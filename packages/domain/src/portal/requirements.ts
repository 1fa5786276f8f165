import { REQUEST_FLAGS, checkNameOf, type CheckName, type RequestFlag } from '@svc/contract';
import {
  INFORMATION_REQUIREMENTS,
  requiredInformationFor,
  type InformationRequirement,
} from '../checks/information-requirements.js';

import { documentsRequired, type PortalDocumentKind, type StoredTeamSettings } from './documents.js';

/** Years of address history asked for when a check needs addresses and the team sets no number of years. */
export const DEFAULT_ADDRESS_HISTORY_YEARS = 3;
/** No team may ask for more history than this (a form of 20 entries at most covers it). */
export const MAX_HISTORY_YEARS = 10;
/** Entries of one repeatable section (the contract's `information` lists hold at most 20). */
export const MAX_PORTAL_ENTRIES = 20;

/** How many referees a section needs, and how they are reached. */
export type ReferenceRequirement = { readonly count: number; readonly email: boolean; readonly phone: boolean };

export type HistoryRequirement = {
  /** At least one entry must be given. */
  readonly required: boolean;
  /** The entries must go back this many years (0: one entry is enough). */
  readonly years: number;
  /** Referees to give on the entries, or null when no check contacts any. */
  readonly references: ReferenceRequirement | null;
};

/**
 * What the applicant portal asks for: exactly what the requested checks need (`requiredInformationFor`), shaped by
 * the team's settings (years of history, numbers of referees, education asked for by the team).
 */
export type PortalRequirements = {
  readonly checks: readonly CheckName[];
  readonly dateOfBirth: boolean;
  /** `required` for an SSN verification; `optional` for a credit bureau check (it helps find the file); else not asked. */
  readonly sinSsn: 'required' | 'optional' | 'not_asked';
  readonly driverLicence: boolean;
  readonly addresses: HistoryRequirement;
  readonly employers: HistoryRequirement;
  readonly educations: boolean;
  readonly credentials: boolean;
  /** The documents the applicant must upload (`documentsRequired`). */
  readonly documents: readonly PortalDocumentKind[];
};

const positiveInteger = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

const firstPositive = (...values: unknown[]): number | null =>
  values.map(positiveInteger).find((value) => value !== null) ?? null;

const clampYears = (years: number): number => Math.min(years, MAX_HISTORY_YEARS);

const countsYears = (settings: StoredTeamSettings, key: string): boolean => settings[key] !== 'INDIVIDUALLY';

/** The requested checks, each once, in catalogue order. */
export const checksOfFlags = (flags: readonly RequestFlag[]): CheckName[] => {
  const requested = new Set(flags);
  return REQUEST_FLAGS.filter((flag) => requested.has(flag)).map(checkNameOf);
};

function referenceRequirement({
  byEmail,
  byPhone,
  count,
  emailSetting,
  phoneSetting,
}: {
  byEmail: boolean;
  byPhone: boolean;
  count: number;
  emailSetting: unknown;
  phoneSetting: unknown;
}): ReferenceRequirement | null {
  if (!byEmail && !byPhone) return null;
  return {
    count: Math.min(count, MAX_PORTAL_ENTRIES),
    email: byEmail || emailSetting === true,
    phone: byPhone || phoneSetting === true,
  };
}

export function portalRequirements({
  flags,
  settings,
}: {
  flags: readonly RequestFlag[];
  settings: StoredTeamSettings;
}): PortalRequirements {
  const checks = checksOfFlags(flags);
  const needed = new Set<InformationRequirement>(checks.flatMap((checkName) => requiredInformationFor(checkName)));
  const has = (checkName: CheckName) => checks.includes(checkName);

  const addressReferences = referenceRequirement({
    byEmail: has('address_references'),
    byPhone: has('address_phone_references'),
    count: firstPositive(settings.tenancy_ref_amount_req, settings.address_references_min) ?? 1,
    emailSetting: settings.tenancy_ref_email_req,
    phoneSetting: settings.tenancy_ref_phone_req,
  });
  const addressesNeeded = needed.has(INFORMATION_REQUIREMENTS.addresses);
  const addressYears = firstPositive(
    settings.tenancy_years_amount_req,
    addressReferences && countsYears(settings, 'address_references_years_or_individually')
      ? settings.address_references_years
      : null,
  );

  const employerReferences = referenceRequirement({
    byEmail: has('employer_references') || settings.employer_ref_req === true,
    byPhone: has('employer_phone_references'),
    count: firstPositive(settings.employer_references_min) ?? 1,
    emailSetting: settings.employer_ref_email_req,
    phoneSetting: settings.employer_ref_phone_req,
  });
  const employersNeeded = needed.has(INFORMATION_REQUIREMENTS.employers) || employerReferences !== null;
  const employerYears = firstPositive(
    settings.employer_years_amount_req,
    has('employment_verification') && countsYears(settings, 'employment_verification_years_or_individually')
      ? settings.employment_verification_years
      : null,
    employerReferences && countsYears(settings, 'employer_references_years_or_individually')
      ? settings.employer_references_years
      : null,
  );

  return {
    checks,
    dateOfBirth: needed.has(INFORMATION_REQUIREMENTS.date_of_birth),
    sinSsn: needed.has(INFORMATION_REQUIREMENTS.sin_ssn) ? 'required' : has('bureau') ? 'optional' : 'not_asked',
    driverLicence: needed.has(INFORMATION_REQUIREMENTS.license_number),
    addresses: {
      required: addressesNeeded,
      years: addressesNeeded ? clampYears(addressYears ?? DEFAULT_ADDRESS_HISTORY_YEARS) : 0,
      references: addressesNeeded ? addressReferences : null,
    },
    employers: {
      required: employersNeeded,
      years: employersNeeded ? clampYears(employerYears ?? 0) : 0,
      references: employerReferences,
    },
    educations: needed.has(INFORMATION_REQUIREMENTS.educations) || settings.education_req === true,
    credentials: needed.has(INFORMATION_REQUIREMENTS.credentials),
    documents: documentsRequired({ checks, settings }),
  };
}
