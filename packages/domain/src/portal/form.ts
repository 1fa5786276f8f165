import type { InformationInput } from '@svc/contract';
import { MAX_PORTAL_ENTRIES, type PortalRequirements, type ReferenceRequirement } from './requirements.js';

// The applicant portal's form as the applicant typed it: every value a string (a checkbox a boolean), so a draft
// keeps what was typed, mistakes included, until it is corrected. `informationFromPortalForm` turns a valid form
// into the `information` of the submission.

export type PortalIdentity = {
  first_name: string;
  middle_name: string;
  last_name: string;
  date_of_birth: string;
  phone_number: string;
  sin_ssn: string;
  license_number: string;
  license_prov_state: string;
};

export type PortalReference = { first_name: string; last_name: string; email: string; phone: string };

export type PortalAddress = {
  address: string;
  unit: string;
  city: string;
  province_state: string;
  country: string;
  postal_code: string;
  start_date: string;
  end_date: string;
  reference: PortalReference;
};

export type PortalEmployer = {
  company_name: string;
  position: string;
  start_date: string;
  end_date: string;
  reference: PortalReference;
};

export type PortalEducation = {
  institution: string;
  degree: string;
  country: string;
  start_date: string;
  end_date: string;
};

export type PortalCredential = {
  certification: string;
  institution: string;
  date_of_certification: string;
  current: boolean;
};

export type PortalConsent = { full_name: string; date: string; agreed: boolean };

export type PortalForm = {
  identity: PortalIdentity;
  addresses: PortalAddress[];
  employers: PortalEmployer[];
  educations: PortalEducation[];
  credentials: PortalCredential[];
  consent: PortalConsent;
};

/** The repeatable sections of the form. */
export const PORTAL_SECTIONS = ['addresses', 'employers', 'educations', 'credentials'] as const;
export type PortalSection = (typeof PORTAL_SECTIONS)[number];

export const isPortalSection = (value: string): value is PortalSection =>
  (PORTAL_SECTIONS as readonly string[]).includes(value);

export const emptyReference = (): PortalReference => ({ first_name: '', last_name: '', email: '', phone: '' });

const EMPTY_ENTRIES: { [S in PortalSection]: () => PortalForm[S][number] } = {
  addresses: () => ({
    address: '',
    unit: '',
    city: '',
    province_state: '',
    country: '',
    postal_code: '',
    start_date: '',
    end_date: '',
    reference: emptyReference(),
  }),
  employers: () => ({ company_name: '', position: '', start_date: '', end_date: '', reference: emptyReference() }),
  educations: () => ({ institution: '', degree: '', country: '', start_date: '', end_date: '' }),
  credentials: () => ({ certification: '', institution: '', date_of_certification: '', current: false }),
};

export const emptyIdentity = (): PortalIdentity => ({
  first_name: '',
  middle_name: '',
  last_name: '',
  date_of_birth: '',
  phone_number: '',
  sin_ssn: '',
  license_number: '',
  license_prov_state: '',
});

/** Whether a section is asked for by the requirements. */
export function asksFor(requirements: PortalRequirements, section: PortalSection): boolean {
  switch (section) {
    case 'addresses':
      return requirements.addresses.required;
    case 'employers':
      return requirements.employers.required;
    case 'educations':
      return requirements.educations;
    case 'credentials':
      return requirements.credentials;
    default:
      return section satisfies never;
  }
}

/** Every section asked for holds at least one entry to fill in (an empty one when nothing is known yet). */
export function withEntriesToFill(form: PortalForm, requirements: PortalRequirements): PortalForm {
  const filled = { ...form };
  for (const section of PORTAL_SECTIONS) {
    if (asksFor(requirements, section) && form[section].length === 0)
      (filled[section] as unknown[]) = [EMPTY_ENTRIES[section]()];
  }
  return filled;
}

/** The form with one more empty entry in `section` (at most MAX_PORTAL_ENTRIES). */
export function withEntryAdded(form: PortalForm, section: PortalSection): PortalForm {
  if (form[section].length >= MAX_PORTAL_ENTRIES) return form;
  return { ...form, [section]: [...form[section], EMPTY_ENTRIES[section]()] };
}

/** The form without the entry at `index` of `section`. */
export function withEntryRemoved(form: PortalForm, section: PortalSection, index: number): PortalForm {
  return { ...form, [section]: form[section].filter((_entry, at) => at !== index) };
}

// ---- Reading the submitted fields -------------------------------------------------------------------------------

/** The fields of a urlencoded form body: `identity.first_name`, `addresses.0.city`, `addresses.0.reference.email`… */
export type SubmittedFields = Readonly<Record<string, unknown>>;

/** A field's value: the first when a name is repeated, '' when absent or not text; capped so no input grows a draft. */
const MAX_FIELD_LENGTH = 2_000;
function textOf(fields: SubmittedFields, name: string): string {
  const value = fields[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.slice(0, MAX_FIELD_LENGTH) : '';
}

const checked = (fields: SubmittedFields, name: string): boolean => textOf(fields, name) !== '';

function stringFields<T extends Record<string, string>>(
  fields: SubmittedFields,
  prefix: string,
  names: readonly (keyof T & string)[],
): T {
  return Object.fromEntries(names.map((name) => [name, textOf(fields, `${prefix}${name}`)])) as T;
}

const IDENTITY_FIELDS = Object.keys(emptyIdentity()) as Array<keyof PortalIdentity>;
const REFERENCE_FIELDS = Object.keys(emptyReference()) as Array<keyof PortalReference>;
const ADDRESS_FIELDS = [
  'address',
  'unit',
  'city',
  'province_state',
  'country',
  'postal_code',
  'start_date',
  'end_date',
] as const;
const EMPLOYER_FIELDS = ['company_name', 'position', 'start_date', 'end_date'] as const;
const EDUCATION_FIELDS = ['institution', 'degree', 'country', 'start_date', 'end_date'] as const;
const CREDENTIAL_FIELDS = ['certification', 'institution', 'date_of_certification'] as const;

/** How many entries of `section` the body carries (`<section>.count`, bounded). */
function entryCount(fields: SubmittedFields, section: PortalSection): number {
  const count = Number.parseInt(textOf(fields, `${section}.count`), 10);
  return Number.isInteger(count) && count > 0 ? Math.min(count, MAX_PORTAL_ENTRIES) : 0;
}

const entries = <T>(fields: SubmittedFields, section: PortalSection, read: (prefix: string) => T): T[] =>
  Array.from({ length: entryCount(fields, section) }, (_unused, index) => read(`${section}.${index}.`));

/**
 * The form of a submitted body. Only the sections the requirements ask for are read; anything else in the body is
 * ignored, so a tampered body can add nothing the checks do not need.
 */
export function portalFormFromFields(fields: SubmittedFields, requirements: PortalRequirements): PortalForm {
  const reference = (prefix: string) => stringFields<PortalReference>(fields, `${prefix}reference.`, REFERENCE_FIELDS);
  const read = <S extends PortalSection>(section: S, entry: (prefix: string) => PortalForm[S][number]): PortalForm[S] =>
    (asksFor(requirements, section) ? entries(fields, section, entry) : []) as PortalForm[S];
  return {
    identity: stringFields<PortalIdentity>(fields, 'identity.', IDENTITY_FIELDS),
    addresses: read(
      'addresses',
      (prefix) => ({ ...stringFields(fields, prefix, ADDRESS_FIELDS), reference: reference(prefix) }) as PortalAddress,
    ),
    employers: read(
      'employers',
      (prefix) =>
        ({ ...stringFields(fields, prefix, EMPLOYER_FIELDS), reference: reference(prefix) }) as PortalEmployer,
    ),
    educations: read('educations', (prefix) => stringFields(fields, prefix, EDUCATION_FIELDS) as PortalEducation),
    credentials: read('credentials', (prefix) => ({
      ...(stringFields(fields, prefix, CREDENTIAL_FIELDS) as Omit<PortalCredential, 'current'>),
      current: checked(fields, `${prefix}current`),
    })),
    consent: {
      full_name: textOf(fields, 'consent.full_name'),
      date: textOf(fields, 'consent.date'),
      agreed: checked(fields, 'consent.agreed'),
    },
  };
}

// ---- From and to `information` ----------------------------------------------------------------------------------

type StoredRecord = Readonly<Record<string, unknown>>;
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const record = (value: unknown): StoredRecord =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as StoredRecord) : {};
const list = (value: unknown): StoredRecord[] =>
  Array.isArray(value) ? value.slice(0, MAX_PORTAL_ENTRIES).map(record) : [];

function referenceFromInformation(value: unknown): PortalReference {
  const referee = record(value);
  const name = record(referee.name);
  return {
    first_name: text(name.first_name),
    last_name: text(name.last_name),
    email: text(record(referee.email).address),
    phone: text(record(referee.phone_number).number),
  };
}

/** The form as the invitation pre-filled it (the stored information), consent not given. */
export function portalFormFromInformation(information: StoredRecord): PortalForm {
  return {
    identity: Object.fromEntries(IDENTITY_FIELDS.map((field) => [field, text(information[field])])) as PortalIdentity,
    addresses: list(information.addresses).map((address) => ({
      ...(Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, text(address[field])])) as Omit<
        PortalAddress,
        'reference'
      >),
      reference: referenceFromInformation(address.address_reference),
    })),
    employers: list(information.employers).map((employer) => ({
      ...(Object.fromEntries(EMPLOYER_FIELDS.map((field) => [field, text(employer[field])])) as Omit<
        PortalEmployer,
        'reference'
      >),
      reference: referenceFromInformation(employer.employer_reference),
    })),
    educations: list(information.educations).map((education) => ({
      institution: text(education.institution),
      degree: text(record(education.degree).degree),
      country: text(record(education.address).country),
      start_date: text(education.start_date),
      end_date: text(education.end_date),
    })),
    credentials: list(information.credentials).map((credential) => ({
      certification: text(credential.certification),
      institution: text(credential.institution),
      date_of_certification: text(credential.date_of_certification),
      current: credential.current === true,
    })),
    consent: { full_name: '', date: '', agreed: false },
  };
}

const trimmed = (value: string): string => value.trim();
/** Only the fields given: an empty optional field is left out rather than sent as ''. */
const given = <T extends Record<string, string | undefined>>(fields: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined && value.trim() !== '')
      .map(([key, value]) => [key, (value as string).trim()]),
  ) as Partial<T>;

/** Codes are typed in any case; the contract wants them upper-case. */
export const normaliseCode = (value: string): string => value.trim().toUpperCase();

function referenceInformation({
  reference,
  requirement,
  phoneType,
  country,
}: {
  reference: PortalReference;
  requirement: ReferenceRequirement | null;
  phoneType: 'MOBILE' | 'WORK';
  country: string;
}) {
  if (!requirement || Object.values(reference).every((value) => value.trim() === '')) return undefined;
  return {
    name: { first_name: trimmed(reference.first_name), last_name: trimmed(reference.last_name) },
    ...(reference.email.trim() ? { email: { address: trimmed(reference.email) } } : {}),
    ...(reference.phone.trim()
      ? { phone_number: { phone_type: phoneType, number: trimmed(reference.phone), country } }
      : {}),
    contact: { can_contact: true },
  };
}

/**
 * The `information` of a valid form (see `validatePortalForm`): the identity, then only the sections the checks
 * need, each entry with what was given. A landlord's phone is of the address's country, a manager's of `country`
 * (where the applicant lives or applies).
 */
export function informationFromPortalForm({
  form,
  requirements,
  country,
}: {
  form: PortalForm;
  requirements: PortalRequirements;
  country: string;
}): InformationInput {
  const { identity } = form;
  const information: InformationInput = {
    ...given({
      first_name: identity.first_name,
      middle_name: identity.middle_name,
      last_name: identity.last_name,
      phone_number: identity.phone_number,
    }),
    ...(requirements.dateOfBirth ? given({ date_of_birth: identity.date_of_birth }) : {}),
    ...(requirements.sinSsn !== 'not_asked' && identity.sin_ssn.trim()
      ? { sin_ssn: identity.sin_ssn.replace(/[\s-]/g, '') }
      : {}),
    ...(requirements.driverLicence
      ? {
          ...given({ license_number: identity.license_number }),
          ...(identity.license_prov_state.trim()
            ? { license_prov_state: normaliseCode(identity.license_prov_state) }
            : {}),
        }
      : {}),
  };
  if (requirements.addresses.required) {
    information.addresses = form.addresses.map((address) => {
      const reference = referenceInformation({
        reference: address.reference,
        requirement: requirements.addresses.references,
        phoneType: 'MOBILE',
        country: normaliseCode(address.country),
      });
      return {
        ...given({
          unit: address.unit,
          postal_code: address.postal_code,
          start_date: address.start_date,
          end_date: address.end_date,
        }),
        address: trimmed(address.address),
        city: trimmed(address.city),
        province_state: normaliseCode(address.province_state),
        country: normaliseCode(address.country),
        ...(reference ? { address_reference: reference } : {}),
      };
    });
  }
  if (requirements.employers.required) {
    information.employers = form.employers.map((employer) => {
      const reference = referenceInformation({
        reference: employer.reference,
        requirement: requirements.employers.references,
        phoneType: 'WORK',
        country: normaliseCode(form.addresses[0]?.country || country),
      });
      return {
        ...given({ position: employer.position, start_date: employer.start_date, end_date: employer.end_date }),
        company_name: trimmed(employer.company_name),
        ...(reference ? { employer_reference: reference } : {}),
      };
    });
  }
  if (requirements.educations) {
    information.educations = form.educations.map((education) => ({
      ...given({ start_date: education.start_date, end_date: education.end_date }),
      institution: trimmed(education.institution),
      ...(education.degree.trim() ? { degree: { degree: trimmed(education.degree) } } : {}),
      ...(education.country.trim() ? { address: { country: normaliseCode(education.country) } } : {}),
    }));
  }
  if (requirements.credentials) {
    information.credentials = form.credentials.map((credential) => ({
      ...given({ date_of_certification: credential.date_of_certification }),
      certification: trimmed(credential.certification),
      institution: trimmed(credential.institution),
      current: credential.current,
    }));
  }
  return information;
}
