import { hiddenCharacterIn, isBirthDateInRange, latestBirthDate } from '@svc/contract';
import { COUNTRY_CODE_PATTERN } from './countries.js';
import { PORTAL_SECTIONS, type PortalForm, type PortalReference } from './form.js';
import type { HistoryRequirement, PortalRequirements, ReferenceRequirement } from './requirements.js';
import type { PortalErrorCode, PortalFieldError } from './field-errors.js';

const LIMITS = {
  name: 100,
  address: 255,
  city: 100,
  postal_code: 20,
  organisation: 200,
  licence: 50,
  phone: 30,
  email: 254,
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{7,30}$/;
const SIN_SSN = /^\d{3}[\s-]?\d{2,3}[\s-]?\d{3,4}$/;
const PROVINCE_STATE = /^[A-Z0-9]{1,3}$/;

/** A real calendar date written YYYY-MM-DD, as a UTC Date; null otherwise. */
export function parseCalendarDate(value: string): Date | null {
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** `date` moved by whole years (29 February lands on 1 March). */
export function yearsBefore(date: Date, years: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear() - years, date.getUTCMonth(), date.getUTCDate()));
}

export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Letters only, lower-case, without accents, spaces or punctuation: how typed names are compared. */
export const comparableName = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, '');

/** The names a consent signature may be: first and last name, with or without the middle name. */
export function acceptedSignatures(
  identity: Pick<PortalForm['identity'], 'first_name' | 'middle_name' | 'last_name'>,
): string[] {
  const short = comparableName(`${identity.first_name} ${identity.last_name}`);
  const full = comparableName(`${identity.first_name} ${identity.middle_name} ${identity.last_name}`);
  return [...new Set([short, full])];
}

/** Collects the errors of one form; `check*` helpers push into it. */
class Findings {
  readonly errors: PortalFieldError[] = [];

  add(field: string, code: PortalErrorCode, params?: Record<string, string | number>): void {
    this.errors.push(params ? { field, code, params } : { field, code });
  }

  /** A text: required or not, at most `max` characters. Returns whether it was given. */
  text(field: string, value: string, { required, max }: { required: boolean; max: number }): boolean {
    const trimmed = value.trim();
    if (trimmed === '') {
      if (required) this.add(field, 'required');
      return false;
    }
    if (trimmed.length > max) this.add(field, 'too_long', { max });
    else this.visible(field, trimmed);
    return true;
  }

  /** Refuses a text holding characters that hide or reorder what a reviewer reads (the API's rule). */
  visible(field: string, value: string): boolean {
    if (hiddenCharacterIn(value) === null) return true;
    this.add(field, 'invalid_character');
    return false;
  }

  /** A text matching `pattern` (after `normalise`). */
  pattern(
    field: string,
    value: string,
    {
      required,
      pattern,
      code,
      normalise = (text) => text.trim(),
    }: { required: boolean; pattern: RegExp; code: PortalErrorCode; normalise?: (text: string) => string },
  ): void {
    if (value.trim() === '') {
      if (required) this.add(field, 'required');
      return;
    }
    if (this.visible(field, value) && !pattern.test(normalise(value))) this.add(field, code);
  }

  /** A date, not after `latest`. Returns it when valid. */
  date(field: string, value: string, { required, latest }: { required: boolean; latest: Date }): Date | null {
    if (value.trim() === '') {
      if (required) this.add(field, 'required');
      return null;
    }
    const date = parseCalendarDate(value);
    if (!date) {
      this.add(field, 'invalid_date');
      return null;
    }
    if (date.getTime() > latest.getTime()) {
      this.add(field, 'date_in_future');
      return null;
    }
    return date;
  }

  /** A period: its end not before its start. Returns the start when valid. */
  period(
    prefix: string,
    {
      start,
      end,
      startRequired,
      endRequired,
      today,
    }: { start: string; end: string; startRequired: boolean; endRequired: boolean; today: Date },
  ): Date | null {
    const startDate = this.date(`${prefix}.start_date`, start, { required: startRequired, latest: today });
    const endDate = this.date(`${prefix}.end_date`, end, { required: endRequired, latest: today });
    if (startDate && endDate && endDate.getTime() < startDate.getTime())
      this.add(`${prefix}.end_date`, 'end_before_start');
    return startDate;
  }

  /** A referee: nothing, or a name and the contact details the checks use. Returns whether it is complete. */
  reference(prefix: string, reference: PortalReference, requirement: ReferenceRequirement): boolean {
    if (Object.values(reference).every((value) => value.trim() === '')) return false;
    const before = this.errors.length;
    this.text(`${prefix}.first_name`, reference.first_name, { required: true, max: LIMITS.name });
    this.text(`${prefix}.last_name`, reference.last_name, { required: true, max: LIMITS.name });
    this.pattern(`${prefix}.email`, reference.email, {
      required: requirement.email,
      pattern: EMAIL,
      code: 'invalid_email',
    });
    this.pattern(`${prefix}.phone`, reference.phone, {
      required: requirement.phone,
      pattern: PHONE,
      code: 'invalid_phone',
    });
    return this.errors.length === before;
  }

  /** The entries go back far enough, and enough of them name a referee. */
  history(
    section: string,
    {
      requirement,
      starts,
      completeReferences,
      today,
    }: { requirement: HistoryRequirement; starts: Array<Date | null>; completeReferences: number; today: Date },
  ): void {
    if (requirement.years > 0) {
      const cutoff = yearsBefore(today, requirement.years);
      const earliest = Math.min(...starts.map((start) => start?.getTime() ?? Number.POSITIVE_INFINITY));
      // Only judged once every start date is valid: a wrong date has its own message already.
      if (starts.every((start) => start !== null) && earliest > cutoff.getTime()) {
        this.add(section, 'history_too_short', { years: requirement.years, date: isoDate(cutoff) });
      }
    }
    if (requirement.references && completeReferences < requirement.references.count) {
      this.add(section, 'too_few_references', { count: requirement.references.count });
    }
  }
}

/**
 * The errors of a form the applicant submits, in page order (an empty list: it can be submitted). `today` is the
 * applicant's date (UTC). The consent is judged with it unless it was given before the form (`consentOnForm` false: a US
 * authorization, see us-fcra.ts).
 */
export function validatePortalForm({
  form,
  requirements,
  today,
  consentOnForm = true,
}: {
  form: PortalForm;
  requirements: PortalRequirements;
  today: Date;
  consentOnForm?: boolean;
}): PortalFieldError[] {
  const findings = new Findings();
  const { identity } = form;

  findings.text('identity.first_name', identity.first_name, { required: true, max: LIMITS.name });
  findings.text('identity.middle_name', identity.middle_name, { required: false, max: LIMITS.name });
  findings.text('identity.last_name', identity.last_name, { required: true, max: LIMITS.name });
  if (requirements.dateOfBirth) {
    const birth = findings.date('identity.date_of_birth', identity.date_of_birth, { required: true, latest: today });
    if (birth && !isBirthDateInRange(isoDate(birth), today))
      findings.add('identity.date_of_birth', 'implausible_birth_date', { date: latestBirthDate(today) });
  }
  findings.pattern('identity.phone_number', identity.phone_number, {
    required: false,
    pattern: PHONE,
    code: 'invalid_phone',
  });
  if (requirements.sinSsn !== 'not_asked') {
    findings.pattern('identity.sin_ssn', identity.sin_ssn, {
      required: requirements.sinSsn === 'required',
      pattern: SIN_SSN,
      code: 'invalid_sin_ssn',
    });
  }
  if (requirements.driverLicence) {
    findings.text('identity.license_number', identity.license_number, { required: true, max: LIMITS.licence });
    findings.pattern('identity.license_prov_state', identity.license_prov_state, {
      required: true,
      pattern: PROVINCE_STATE,
      code: 'invalid_code',
      normalise: (value) => value.trim().toUpperCase(),
    });
  }

  if (requirements.addresses.required) {
    const references = requirements.addresses.references;
    let complete = 0;
    const starts = form.addresses.map((address, index) => {
      const prefix = `addresses.${index}`;
      findings.text(`${prefix}.address`, address.address, { required: true, max: LIMITS.address });
      findings.text(`${prefix}.unit`, address.unit, { required: false, max: 50 });
      findings.text(`${prefix}.city`, address.city, { required: true, max: LIMITS.city });
      findings.pattern(`${prefix}.province_state`, address.province_state, {
        required: true,
        pattern: PROVINCE_STATE,
        code: 'invalid_code',
        normalise: (value) => value.trim().toUpperCase(),
      });
      findings.pattern(`${prefix}.country`, address.country, {
        required: true,
        pattern: COUNTRY_CODE_PATTERN,
        code: 'invalid_code',
        normalise: (value) => value.trim().toUpperCase(),
      });
      findings.text(`${prefix}.postal_code`, address.postal_code, { required: false, max: LIMITS.postal_code });
      // The first address is the current one: no move-out date.
      const start = findings.period(prefix, {
        start: address.start_date,
        end: address.end_date,
        startRequired: true,
        endRequired: index > 0,
        today,
      });
      if (references && findings.reference(`${prefix}.reference`, address.reference, references)) complete += 1;
      return start;
    });
    if (form.addresses.length === 0) findings.add('addresses', 'required');
    else
      findings.history('addresses', {
        requirement: requirements.addresses,
        starts,
        completeReferences: complete,
        today,
      });
  }

  if (requirements.employers.required) {
    const references = requirements.employers.references;
    let complete = 0;
    const starts = form.employers.map((employer, index) => {
      const prefix = `employers.${index}`;
      findings.text(`${prefix}.company_name`, employer.company_name, { required: true, max: LIMITS.organisation });
      findings.text(`${prefix}.position`, employer.position, { required: false, max: LIMITS.organisation });
      const start = findings.period(prefix, {
        start: employer.start_date,
        end: employer.end_date,
        startRequired: requirements.employers.years > 0,
        endRequired: false,
        today,
      });
      if (references && findings.reference(`${prefix}.reference`, employer.reference, references)) complete += 1;
      return start;
    });
    if (form.employers.length === 0) findings.add('employers', 'required');
    else
      findings.history('employers', {
        requirement: requirements.employers,
        starts,
        completeReferences: complete,
        today,
      });
  }

  if (requirements.educations) {
    form.educations.forEach((education, index) => {
      const prefix = `educations.${index}`;
      findings.text(`${prefix}.institution`, education.institution, { required: true, max: LIMITS.organisation });
      findings.text(`${prefix}.degree`, education.degree, { required: false, max: LIMITS.organisation });
      findings.pattern(`${prefix}.country`, education.country, {
        required: false,
        pattern: COUNTRY_CODE_PATTERN,
        code: 'invalid_code',
        normalise: (value) => value.trim().toUpperCase(),
      });
      findings.period(prefix, {
        start: education.start_date,
        end: education.end_date,
        startRequired: false,
        endRequired: false,
        today,
      });
    });
    if (form.educations.length === 0) findings.add('educations', 'required');
  }

  if (requirements.credentials) {
    form.credentials.forEach((credential, index) => {
      const prefix = `credentials.${index}`;
      findings.text(`${prefix}.certification`, credential.certification, { required: true, max: LIMITS.organisation });
      findings.text(`${prefix}.institution`, credential.institution, { required: true, max: LIMITS.organisation });
      findings.date(`${prefix}.date_of_certification`, credential.date_of_certification, {
        required: false,
        latest: today,
      });
    });
    if (form.credentials.length === 0) findings.add('credentials', 'required');
  }

  if (consentOnForm) findings.errors.push(...validateConsent({ consent: form.consent, identity, today }));
  return findings.errors;
}

/**
 * The errors of a consent signature (the form's consent, or a US authorization, signed the same way): the full name
 * as given in "About you" (any name while `identity` holds no name at all yet), today's date (a day off
 * either way: time zones) and the box ticked.
 */
export function validateConsent({
  consent,
  identity,
  today,
}: {
  consent: PortalForm['consent'];
  identity: Pick<PortalForm['identity'], 'first_name' | 'middle_name' | 'last_name'>;
  today: Date;
}): PortalFieldError[] {
  const findings = new Findings();
  const nameKnown = identity.first_name.trim() !== '' || identity.last_name.trim() !== '';
  if (
    findings.text('consent.full_name', consent.full_name, { required: true, max: 300 }) &&
    nameKnown &&
    !acceptedSignatures(identity).includes(comparableName(consent.full_name))
  ) {
    findings.add('consent.full_name', 'consent_name_mismatch');
  }
  const signedOn = findings.date('consent.date', consent.date, {
    required: true,
    latest: new Date(today.getTime() + DAY_MS),
  });
  if (signedOn && signedOn.getTime() < today.getTime() - DAY_MS)
    findings.add('consent.date', 'consent_date_not_today', { date: isoDate(today) });
  if (!consent.agreed) findings.add('consent.agreed', 'consent_not_given');
  return findings.errors;
}

/**
 * Entries left blank after the first (an "add another" not used) are dropped before a submission is judged; a blank
 * first entry stays, so its fields say what is missing. A country alone does not count: the page pre-selects one.
 */
export function withoutBlankEntries(form: PortalForm): PortalForm {
  const isBlank = (entry: object): boolean =>
    Object.entries(entry).every(
      ([field, value]) =>
        field === 'country' ||
        (typeof value === 'string'
          ? value.trim() === ''
          : typeof value === 'object' && value !== null
            ? isBlank(value)
            : value === false),
    );
  const cleaned = { ...form };
  for (const section of PORTAL_SECTIONS)
    (cleaned[section] as object[]) = (form[section] as object[]).filter(
      (entry, index) => index === 0 || !isBlank(entry),
    );
  return cleaned;
}
