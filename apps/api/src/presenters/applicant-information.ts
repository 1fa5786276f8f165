import type { Information } from '@svc/contract';
import { verifiedInformationOf, type ApplicantRecord, type StoredInformation } from '@svc/services';
import type { Applicant } from '@svc/db/entities';

type Entry = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const booleanOrNull = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
const objectOrNull = <T>(value: unknown): T | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as T) : null;
const entries = (value: unknown): Entry[] =>
  Array.isArray(value) ? value.filter((item): item is Entry => item !== null && typeof item === 'object') : [];

const VERIFICATIONS = new Set(['NONE', 'VERIFIED', 'PARTIALLY_VERIFIED', 'NOT_VERIFIED', 'UNABLE_TO_VERIFY']);
const verificationFields = (entry: Entry) => ({
  svc_verification:
    typeof entry.svc_verification === 'string' && VERIFICATIONS.has(entry.svc_verification)
      ? (entry.svc_verification as 'NONE')
      : null,
  verification_notes: text(entry.verification_notes),
});

const addressFields = (entry: Entry) => ({
  address: text(entry.address),
  unit: text(entry.unit),
  city: text(entry.city),
  province_state: text(entry.province_state),
  country: text(entry.country),
  postal_code: text(entry.postal_code),
});

/** 9 digits stored as a string; the record shows a number (leading zeros cannot be shown). */
const sinSsnNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null;
};

/**
 * The Information object of the record: every field present, null when unknown, the outcomes of the completed
 * verifications on the entries they verified, and the SIN/SSN and date of birth null when the team hides them
 * (`hide_sin_ssn`, `hide_date_of_birth`).
 */
export function presentInformation(
  record: Pick<ApplicantRecord, 'team' | 'executions'> & {
    applicant: Pick<Applicant, 'informationId' | 'created' | 'modified' | 'phoneNumber'>;
    information: StoredInformation;
  },
): Information {
  const { applicant } = record;
  // What the verifications found shows on the entries they verified.
  const info = verifiedInformationOf(record);
  const settings = record.team.settingsConfig;
  return {
    id: applicant.informationId,
    created: applicant.created.toISOString(),
    modified: applicant.modified.toISOString(),
    first_name: text(info.first_name),
    middle_name: text(info.middle_name),
    last_name: text(info.last_name),
    last_name_at_birth: text(info.last_name_at_birth),
    former_names: text(info.former_names),
    alias: text(info.alias),
    date_of_birth: settings.hide_date_of_birth === true ? null : text(info.date_of_birth),
    // The applicant's own number, else the one the invitation was sent to.
    phone_number: text(info.phone_number) ?? applicant.phoneNumber?.number ?? null,
    gender: text(info.gender),
    birth_city: text(info.birth_city),
    birth_province_state: text(info.birth_province_state),
    birth_other_province_state: text(info.birth_other_province_state),
    birth_country: text(info.birth_country),
    license_number: text(info.license_number),
    license_valid: booleanOrNull(info.license_valid),
    license_prov_state: text(info.license_prov_state),
    license_other_country: booleanOrNull(info.license_other_country),
    license_type: text(info.license_type),
    cover_letter: text(info.cover_letter),
    sin_ssn: settings.hide_sin_ssn === true ? null : sinSsnNumber(info.sin_ssn),
    addresses: entries(info.addresses).map((entry) => ({
      ...addressFields(entry),
      current: booleanOrNull(entry.current),
      rent_or_own: text(entry.rent_or_own) as 'RENT' | null,
      cost: numberOrNull(entry.cost),
      start_date: text(entry.start_date),
      end_date: text(entry.end_date),
      address_reference: objectOrNull(entry.address_reference),
      ...verificationFields(entry),
    })),
    employers: entries(info.employers).map((entry) => ({
      company_name: text(entry.company_name),
      position: text(entry.position),
      income: numberOrNull(entry.income),
      pay_period: text(entry.pay_period) as 'MONTHLY' | null,
      start_date: text(entry.start_date),
      end_date: text(entry.end_date),
      employer_reference: objectOrNull(entry.employer_reference),
      ...verificationFields(entry),
    })),
    educations: entries(info.educations).map((entry) => {
      const degree = objectOrNull<Entry>(entry.degree);
      const address = objectOrNull<Entry>(entry.address);
      return {
        institution: text(entry.institution),
        degree: degree
          ? {
              degree: text(degree.degree) ?? '',
              ...(typeof degree.verified === 'boolean' ? { verified: degree.verified } : {}),
            }
          : null,
        address: address ? addressFields(address) : null,
        start_date: text(entry.start_date),
        end_date: text(entry.end_date),
        ...verificationFields(entry),
      };
    }),
    credentials: entries(info.credentials).map((entry) => ({
      description: text(entry.description),
      institution: text(entry.institution),
      certification: text(entry.certification),
      date_of_certification: text(entry.date_of_certification),
      current: booleanOrNull(entry.current),
      ...verificationFields(entry),
    })),
    convictions: entries(info.convictions).map((entry) => ({
      offense: numberOrNull(entry.offense),
      date_of_sentence: text(entry.date_of_sentence),
      court_location: text(entry.court_location),
      description: text(entry.description),
    })),
  };
}
