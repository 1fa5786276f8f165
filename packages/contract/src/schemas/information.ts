import { z } from 'zod';
import { payPeriod, phoneType, rentOrOwn, verification } from '../common/enums.js';
import { calendarDate, dateTime, email, uuid } from '../common/primitives.js';
import {
  emptyAsAbsent,
  NONNEGATIVE_DECIMALS,
  NONNEGATIVE_WHOLE_DECIMALS,
  numberOrDecimalString,
  prepared,
  withoutNulls,
} from '../common/lenient.js';
import { countryCodeInput, provinceStateInput } from '../common/subdivisions.js';
import { nullableFields, optionalFields, withRequired } from '../common/shapes.js';
import { birthDate } from '../common/applicant-rules.js';

// The applicant's Information object (document 1). Request forms take every field as optional (what a check
// needs is a domain rule, answered with 400 naming the field); record forms return every field, null when unknown.

const name = (what: string) => z.string().trim().min(1).max(100).describe(what);

const addressFields = {
  address: z.string().trim().min(1).max(255).describe('Street address.'),
  unit: z.string().trim().max(50).describe('Unit, suite or apartment.'),
  city: z.string().trim().min(1).max(100).describe('City.'),
  province_state: provinceStateInput().describe(
    'ISO province or state code (`OT` for other); a request may give the name (`Ontario`) or the code in any case.',
  ),
  country: countryCodeInput().describe('ISO country code.'),
  postal_code: z.string().trim().max(20).describe('Postal or ZIP code.'),
};

export const referenceSchema = z
  .object({
    email: z.object({ address: email().describe('Email address of the referee.') }).describe('Email of the referee.'),
    phone_number: z
      .object({
        phone_type: phoneType.lenientSchema,
        number: z.string().max(30).describe('Phone number of the referee.'),
        country: countryCodeInput().describe('ISO country code of the number.'),
      })
      .describe('Phone number of the referee.'),
    name: z
      .object({
        first_name: name('Given name of the referee.'),
        middle_name: z.string().max(100).nullable().optional().describe('Middle name of the referee.'),
        last_name: name('Family name of the referee.'),
      })
      .describe('Name of the referee.'),
    contact: z
      .object({
        can_contact: z.boolean().describe('Whether the referee may be contacted.'),
        can_contact_after_date: calendarDate().nullable().optional().describe('Date from which they may be contacted.'),
      })
      .describe('Whether and when the referee may be contacted.'),
  })
  .partial()
  .describe('A referee (landlord for an address, manager for an employer).');

const verificationFields = {
  svc_verification: verification.schema,
  verification_notes: z.string().max(2000).describe('Notes of the verifier.'),
};

const addressHistoryFields = {
  ...addressFields,
  current: z.boolean().describe('Whether the applicant lives there now.'),
  rent_or_own: rentOrOwn.lenientSchema,
  cost: numberOrDecimalString(z.number().nonnegative(), NONNEGATIVE_DECIMALS).describe(
    'Monthly rent or housing cost (a decimal string such as `"1850.00"` is accepted too).',
  ),
  start_date: calendarDate().describe('Date the applicant moved in.'),
  end_date: calendarDate().describe('Date the applicant moved out; absent for the current address.'),
  address_reference: referenceSchema,
};

const employerFields = {
  company_name: z.string().trim().min(1).max(200).describe('Name of the employer.'),
  position: z.string().trim().max(200).describe('Position held.'),
  income: numberOrDecimalString(z.number().nonnegative(), NONNEGATIVE_DECIMALS).describe(
    'Income per pay period (a decimal string is accepted too).',
  ),
  pay_period: payPeriod.lenientSchema,
  start_date: calendarDate().describe('Start of employment.'),
  end_date: calendarDate().describe('End of employment; absent for a current employer.'),
  employer_reference: referenceSchema,
};

const educationFields = {
  institution: z.string().trim().min(1).max(200).describe('School, college or university.'),
  degree: z
    .object({
      degree: z.string().trim().max(200).describe('Degree, diploma or certificate obtained.'),
      verified: z.boolean().optional().describe('Whether the degree was verified (set by svc).'),
    })
    .describe('Degree obtained.'),
  address: z.object(optionalFields(addressFields)).describe('Location of the institution.'),
  start_date: calendarDate().describe('Start of studies.'),
  end_date: calendarDate().describe('End of studies.'),
};

const credentialFields = {
  description: z.string().trim().max(500).describe('What the credential allows.'),
  institution: z.string().trim().min(1).max(200).describe('Body that issued the credential.'),
  certification: z.string().trim().min(1).max(200).describe('Name of the credential or licence.'),
  date_of_certification: calendarDate().describe('Date it was issued.'),
  current: z.boolean().describe('Whether it is still held.'),
};

const convictionFields = {
  offense: numberOrDecimalString(z.number().int().nonnegative(), NONNEGATIVE_WHOLE_DECIMALS).describe(
    'Number of the offence (count of convictions for it).',
  ),
  date_of_sentence: dateTime().describe('Date and time of sentencing.'),
  court_location: z.string().trim().max(200).describe('Court that sentenced.'),
  description: z.string().trim().max(2000).describe('Description of the offence.'),
};

/** 9-digit SIN or SSN, accepted as a number or a string of digits. */
const sinSsnInput = z
  .union([z.number().int().nonnegative().max(999_999_999), z.string().regex(/^\d{3}-?\d{2,3}-?\d{3,4}$/)])
  .describe('Social insurance (CA) or social security (US) number, 9 digits. Encrypted at rest.');

const personFields = {
  first_name: name('Given name.'),
  middle_name: z.string().trim().max(100).describe('Middle name(s).'),
  last_name: name('Family name.'),
  last_name_at_birth: z.string().trim().max(100).describe('Family name at birth, if different.'),
  former_names: z.string().trim().max(500).describe('Former names, comma-separated.'),
  alias: z.string().trim().max(200).describe('Other name the applicant is known by.'),
  date_of_birth: calendarDate().describe('Date of birth. Encrypted at rest; hidden when the team asks for it.'),
  phone_number: z.string().trim().max(30).describe('Phone number of the applicant.'),
  gender: z.string().trim().max(50).describe('Gender, as the applicant gives it.'),
  birth_city: z.string().trim().max(100).describe('City of birth.'),
  birth_province_state: emptyAsAbsent(provinceStateInput().optional()).describe(
    'ISO province or state code of birth (`OT` for other); a request may give the name (`Ontario`) or the code in any case.',
  ),
  birth_other_province_state: z
    .string()
    .trim()
    .max(100)
    .describe('Province or state of birth when `birth_province_state` is `OT`.'),
  birth_country: countryCodeInput().describe('ISO country code of birth.'),
  license_number: z.string().trim().max(50).describe("Driver's licence number. Encrypted at rest."),
  license_valid: z.boolean().describe("Whether the driver's licence is valid."),
  license_prov_state: emptyAsAbsent(provinceStateInput().optional()).describe(
    "ISO province or state code that issued the driver's licence; a request may give the name or the code in any case.",
  ),
  license_other_country: z
    .boolean()
    .describe("Whether the driver's licence was issued outside the applicant's country."),
  license_type: z.string().trim().max(50).describe("Class or type of the driver's licence."),
  cover_letter: z.string().max(20_000).describe('Cover letter of the applicant.'),
};

/** The most entries a list of `information` holds (an upgrade's entries included). */
export const MAX_HISTORY = 20;

/** The applicant's own fields as a client sends them (every one optional). */
const personInputShape = {
  ...optionalFields(personFields),
  date_of_birth: birthDate()
    .optional()
    .describe(`${personFields.date_of_birth.description} From 1900-01-01 to today (UTC) 14 years ago.`),
  sin_ssn: sinSsnInput.optional(),
};

const historyOf = <T extends z.ZodTypeAny>(entry: T, description: string) =>
  z.array(entry).max(MAX_HISTORY).optional().describe(description);

const HISTORY_DESCRIPTIONS = {
  addresses: 'Address history, current address first.',
  employers: 'Employment history, current employer first.',
  educations: 'Education history.',
  credentials: 'Professional credentials and licences (for credential verification).',
  convictions: 'Convictions the applicant declares.',
} as const;

const convictionsInput = historyOf(z.object(optionalFields(convictionFields)), HISTORY_DESCRIPTIONS.convictions);

/**
 * `information` as a client sends it (quick screen, upgrade). A retrieved record sent back is accepted: its
 * read-only fields (`id`, `created`, `svc_verification`, …) and unknown fields are ignored, its nulls are absent.
 */
export const informationInputSchema = prepared(
  withoutNulls,
  z.object({
    ...personInputShape,
    addresses: historyOf(
      z.object(withRequired(addressHistoryFields, ['address', 'city', 'province_state', 'country'])),
      HISTORY_DESCRIPTIONS.addresses,
    ),
    employers: historyOf(z.object(withRequired(employerFields, ['company_name'])), HISTORY_DESCRIPTIONS.employers),
    educations: historyOf(z.object(withRequired(educationFields, ['institution'])), HISTORY_DESCRIPTIONS.educations),
    credentials: historyOf(
      z.object(withRequired(credentialFields, ['institution', 'certification'])),
      HISTORY_DESCRIPTIONS.credentials,
    ),
    convictions: convictionsInput,
  }),
).describe("The applicant's information. Which fields are required depends on the checks requested.");
/**
 * `information` of an invitation: a pre-fill the applicant completes in the portal, so an entry may be partial (an
 * address with its street and city alone, an employer without its name). Otherwise as `informationInputSchema`.
 */
export const informationPrefillSchema = prepared(
  withoutNulls,
  z.object({
    ...personInputShape,
    addresses: historyOf(z.object(optionalFields(addressHistoryFields)), HISTORY_DESCRIPTIONS.addresses),
    employers: historyOf(z.object(optionalFields(employerFields)), HISTORY_DESCRIPTIONS.employers),
    educations: historyOf(z.object(optionalFields(educationFields)), HISTORY_DESCRIPTIONS.educations),
    credentials: historyOf(z.object(optionalFields(credentialFields)), HISTORY_DESCRIPTIONS.credentials),
    convictions: convictionsInput,
  }),
).describe(
  'What you already know of the applicant: it pre-fills the form, where the applicant completes it. An entry of a list may be partial (an address with its street and city alone, an employer without its name).',
);
export type InformationInput = z.infer<typeof informationInputSchema>;
/** An invitation's pre-fill: `InformationInput` whose list entries may be partial. */
export type InformationPrefill = z.infer<typeof informationPrefillSchema>;

const recordedVerification = nullableFields(verificationFields);

/** `information` as svc returns it: every field present, null when unknown or hidden by team settings. */
export const informationSchema = z
  .object({
    id: uuid().describe('Identifier of the information record.'),
    created: dateTime().describe('When it was created.'),
    modified: dateTime().describe('When it was last changed.'),
    ...nullableFields(personFields),
    sin_ssn: z
      .number()
      .int()
      .nullable()
      .describe('Social insurance or social security number (9 digits); null when absent or hidden by team settings.'),
    addresses: z
      .array(z.object({ ...nullableFields(addressHistoryFields), ...recordedVerification }))
      .describe('Address history, current address first.'),
    employers: z
      .array(z.object({ ...nullableFields(employerFields), ...recordedVerification }))
      .describe('Employment history, current employer first.'),
    educations: z
      .array(
        z.object({
          ...nullableFields({
            ...educationFields,
            address: z.object(nullableFields(addressFields)).describe('Location of the institution.'),
          }),
          ...recordedVerification,
        }),
      )
      .describe('Education history.'),
    credentials: z
      .array(z.object({ ...nullableFields(credentialFields), ...recordedVerification }))
      .describe('Professional credentials and licences.'),
    convictions: z.array(z.object(nullableFields(convictionFields))).describe('Convictions the applicant declared.'),
  })
  .describe("The applicant's information as recorded.");
export type Information = z.infer<typeof informationSchema>;

/** `position_or_property_location` of a quick screen: where the job or the rented property is. */
export const locationSchema = z
  .object({
    address: addressFields.address.optional(),
    city: addressFields.city.optional(),
    province_state: addressFields.province_state,
    country: addressFields.country,
    postal_code: addressFields.postal_code.optional(),
  })
  .describe('Location of the position (HR) or of the rented property (PM).');
export type Location = z.infer<typeof locationSchema>;
export { addressFields };
