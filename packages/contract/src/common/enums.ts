import { z } from 'zod';
import { enumKey, prepared, spellingsPattern, TEXT_SPELLINGS_KEY, withJsonSchemaMarker } from './lenient.js';

/**
 * The enums of the API. The seeds show some values of each and leave the complete sets to us (DESIGN.md section 6);
 * each set below contains every value the seeds show. Each value has a display text: the matching `*_label` field
 * carries it, so the label fields are enums too. `@svc/domain` reads the texts from here.
 */
export type EnumDefinition<V extends string, L extends string> = {
  readonly values: readonly [V, ...V[]];
  readonly labels: { readonly [K in V]: L };
  readonly schema: z.ZodEnum<[V, ...V[]]>;
  readonly labelSchema: z.ZodEnum<[L, ...L[]]>;
  /**
   * The request form: the value, its display text or a synonym, in any case and spacing (`"monthly"`,
   * `"Bi-weekly"`), read as the value. The original service typed these fields as plain strings.
   */
  readonly lenientSchema: z.ZodEffects<z.ZodEnum<[V, ...V[]]>, V, V>;
};

function defineEnum<const M extends Record<string, string>>(
  labels: M,
  description: string,
  synonyms: Readonly<Record<string, Extract<keyof M, string>>> = {},
): EnumDefinition<Extract<keyof M, string>, M[keyof M]> {
  type V = Extract<keyof M, string>;
  type L = M[keyof M];
  const values = Object.keys(labels) as [V, ...V[]];
  const labelTexts = [...new Set(Object.values(labels))] as [L, ...L[]];
  const schema = z.enum(values).describe(`${description} One of: ${values.map((v) => `\`${v}\``).join(', ')}.`);
  const byKey = new Map<string, V>();
  for (const value of values) byKey.set(enumKey(labels[value] as string), value);
  for (const [synonym, value] of Object.entries(synonyms)) byKey.set(enumKey(synonym), value);
  for (const value of values) byKey.set(enumKey(value), value);
  // Its own instance of the enum, marked with the spellings read (the response forms' `schema` is not).
  const spellings = withJsonSchemaMarker(z.enum(values).describe(schema.description as string), {
    [TEXT_SPELLINGS_KEY]: spellingsPattern(byKey.keys()),
  });
  const lenientSchema = prepared(
    (input) => (typeof input === 'string' ? (byKey.get(enumKey(input)) ?? input) : input),
    spellings,
  ).describe(`${schema.description} Any letter case, and the display text, are accepted too.`);
  return {
    values,
    labels: labels as unknown as { readonly [K in V]: L },
    schema,
    labelSchema: z.enum(labelTexts).describe(`Display text of the value (${description.replace(/\.$/, '')}).`),
    lenientSchema,
  };
}

export const applicationStatus = defineEnum(
  { Pending: 'Pending', Returned: 'Returned', Cancelled: 'Cancelled', Erased: 'Erased' },
  'Application (and applicant) status: `Pending` while checks are outstanding, `Returned` when every report format is ready, `Cancelled` once the application was cancelled or its invitation withdrawn before it returned (its pending checks stopped, no report; the record and its information stay), `Erased` once the applicant’s personal data was erased (an anonymous record kept).',
);
export const reportStatus = defineEnum(
  { SENT: 'Sent', IN_PROGRESS: 'In progress', COMPLETE: 'Complete' },
  'Report status: `SENT` (invitation sent), `IN_PROGRESS` (checks running), `COMPLETE` (report ready).',
);
export const applicantType = defineEnum({ STANDARD: 'Standard', COSIGNER: 'Co-signer' }, 'Kind of applicant.');
export const checkResult = defineEnum(
  { NONE: 'None', CLEAR: 'Clear', REVIEW: 'Review', NOT_CLEAR: 'Not clear' },
  'Outcome of a check or of a report: `NONE` until known, `CLEAR` nothing adverse, `REVIEW` something to look at, `NOT_CLEAR` an adverse finding.',
);
export const packageResultStatus = defineEnum(
  { PENDING: 'Pending', ANALYZING: 'Analyzing', COMPLETE: 'Complete', FAILED: 'Failed' },
  'Progress of one result object.',
);
export const overallScore = defineEnum(
  { NONE: 'None', PASS: 'Pass', REVIEW: 'Review', FAIL: 'Fail' },
  'Overall score of a result.',
);
export const verification = defineEnum(
  {
    NONE: 'None',
    VERIFIED: 'Verified',
    PARTIALLY_VERIFIED: 'Partially verified',
    NOT_VERIFIED: 'Not verified',
    UNABLE_TO_VERIFY: 'Unable to verify',
  },
  'Verification outcome (VerificationEnum).',
);
export const phoneType = defineEnum(
  { NONE: 'None', MOBILE: 'Mobile', HOME: 'Home', WORK: 'Work' },
  'Kind of phone number.',
  {
    CELL: 'MOBILE',
    CELLULAR: 'MOBILE',
    CELL_PHONE: 'MOBILE',
    MOBILE_PHONE: 'MOBILE',
    LANDLINE: 'HOME',
    OFFICE: 'WORK',
    BUSINESS: 'WORK',
  },
);
export const rentOrOwn = defineEnum(
  { RENT: 'Rent', OWN: 'Own', OTHER: 'Other' },
  'Whether the applicant rented or owned the address.',
  {
    RENTING: 'RENT',
    RENTED: 'RENT',
    RENTER: 'RENT',
    TENANT: 'RENT',
    OWNING: 'OWN',
    OWNED: 'OWN',
    OWNER: 'OWN',
    HOMEOWNER: 'OWN',
  },
);
export const payPeriod = defineEnum(
  { HOURLY: 'Hourly', WEEKLY: 'Weekly', BIWEEKLY: 'Biweekly', MONTHLY: 'Monthly', ANNUALLY: 'Annually' },
  'Pay period of an income.',
  {
    BI_WEEKLY: 'BIWEEKLY',
    EVERY_TWO_WEEKS: 'BIWEEKLY',
    FORTNIGHTLY: 'BIWEEKLY',
    HOUR: 'HOURLY',
    WEEK: 'WEEKLY',
    MONTH: 'MONTHLY',
    YEAR: 'ANNUALLY',
    YEARLY: 'ANNUALLY',
    ANNUAL: 'ANNUALLY',
    ANNUM: 'ANNUALLY',
    PER_ANNUM: 'ANNUALLY',
  },
);
export const orderStatus = defineEnum(
  { WAITING_ON_CANDIDATE: 'Waiting on candidate', IN_PROGRESS: 'In progress', COMPLETE: 'Complete' },
  'Status of the order as a whole.',
);
export const checkExecutionStatus = defineEnum(
  {
    WAITING_ON_CANDIDATE: 'Waiting on candidate',
    QUEUED: 'Queued',
    RUNNING: 'Running',
    COMPLETE: 'Complete',
    FAILED: 'Failed',
  },
  'Status of one check execution.',
);
export const adjudicationStatus = defineEnum(
  {
    NONE: 'None',
    PENDING: 'Pending',
    MEETS_REQUIREMENTS: 'Meets requirements',
    DOES_NOT_MEET_REQUIREMENTS: 'Does not meet requirements',
  },
  'Adjudication of the application by the client.',
);
export const yearsOrIndividually = defineEnum(
  { INDIVIDUALLY: 'Individually', YEARS: 'Years' },
  'Whether a minimum counts individual entries or years of history.',
);
export const verificationLevel = defineEnum(
  { ALL: 'All', HIGHEST: 'Highest', MOST_RECENT: 'Most recent' },
  'Which entries are verified.',
);
export const identityVerificationStatus = defineEnum(
  { N: 'Not started', P: 'Pending', A: 'Approved', R: 'Review', D: 'Declined' },
  'Status of an identity verification.',
);
export const propertyStatus = defineEnum({ N: 'No Vacancy', V: 'Vacancy' }, 'Vacancy status of a property.');
export const teamType = defineEnum({ HR: 'Human resources', PM: 'Property management' }, 'Kind of team.');
export const language = defineEnum(
  { en: 'English', fr: 'French' },
  'Language of a user and of the emails and forms they see.',
);
export const adminCountry = defineEnum(
  { CA: 'Canada', US: 'United States', GB: 'United Kingdom', AU: 'Australia' },
  'Country of a superteam or team.',
);
export const referenceTemplateType = defineEnum(
  { ADDRESS: 'Address', EMPLOYER: 'Employer' },
  'Kind of reference template.',
);
export const questionType = defineEnum(
  { TEXT: 'Text', YES_NO: 'Yes/No', MULTIPLE_CHOICE: 'Multiple choice', RATING: 'Rating', DATE: 'Date' },
  'Kind of reference question.',
);
export const purposeOfCheck = defineEnum(
  {
    EMPLOYMENT: 'Employment',
    VOLUNTEER: 'Volunteer',
    LICENSING: 'Licensing',
    TENANCY: 'Tenancy',
    IMMIGRATION: 'Immigration',
    OTHER: 'Other',
  },
  'Purpose of a criminal record check.',
  {
    EMPLOYMENT_SCREENING: 'EMPLOYMENT',
    VOLUNTEERING: 'VOLUNTEER',
    LICENCE: 'LICENSING',
    LICENSE: 'LICENSING',
    LICENCING: 'LICENSING',
    RENTAL: 'TENANCY',
    VISA: 'IMMIGRATION',
  },
);
export const employmentSector = defineEnum(
  {
    GENERAL: 'General',
    EDUCATION: 'Education',
    HEALTHCARE: 'Healthcare',
    CHILDCARE: 'Childcare',
    AGED_CARE: 'Aged care',
    DISABILITY: 'Disability services',
    FINANCE: 'Finance',
    GOVERNMENT: 'Government',
    TRANSPORT: 'Transport',
    OTHER: 'Other',
  },
  'Sector of the position checked.',
  {
    HEALTH: 'HEALTHCARE',
    HEALTH_CARE: 'HEALTHCARE',
    CHILD_CARE: 'CHILDCARE',
    AGEDCARE: 'AGED_CARE',
    DISABILITY_SERVICES: 'DISABILITY',
    FINANCIAL: 'FINANCE',
    FINANCIAL_SERVICES: 'FINANCE',
    PUBLIC_SECTOR: 'GOVERNMENT',
    TRANSPORTATION: 'TRANSPORT',
  },
);

/** Display texts of the risk scores (`early_termination_label`, `eviction_potential_label`, …): 0–100, higher is riskier. */
export const riskLabelSchema = z
  .enum(['Not scored', 'Very low', 'Low', 'Moderate', 'High', 'Very high'])
  .describe(
    'Display text of a risk score (0–100, higher is riskier): `Not scored` until computed, then `Very low` to `Very high`.',
  );
export type RiskLabel = z.infer<typeof riskLabelSchema>;

/** Display texts of `svc_score`: 0–100, higher is better. */
export const svcScoreLabelSchema = z
  .enum(['Not scored', 'Poor', 'Fair', 'Good', 'Excellent'])
  .describe(
    'Display text of `svc_score` (0–100, higher is better): `Not scored` until computed, then `Poor` to `Excellent`.',
  );
export type SvcScoreLabel = z.infer<typeof svcScoreLabelSchema>;

/** Display texts of `tenancy_length` (predicted months of tenancy). */
export const tenancyLengthLabelSchema = z
  .enum(['Not scored', 'Short', 'Medium', 'Long'])
  .describe(
    'Display text of `tenancy_length` (predicted months): `Not scored` until computed, then `Short`, `Medium` or `Long`.',
  );
export type TenancyLengthLabel = z.infer<typeof tenancyLengthLabelSchema>;

export type EnumValue<E> = E extends EnumDefinition<infer V, string> ? V : never;
