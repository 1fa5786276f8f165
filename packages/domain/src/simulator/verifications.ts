import type {
  CredentialVerificationResult,
  EducationVerificationResult,
  EmployerVerificationResult,
  InstantVerifyItem,
} from '@svc/contract';
import { simulatedCheck, type SimulationContext } from './context.js';
import { calendarDateOrNull, daysBefore, shiftDate } from './dates.js';
import { FAMILY_NAMES, GIVEN_NAMES } from './reference-data.js';
import type {
  InstantVerificationDetails,
  SimulatedCheck,
  SimulatedOutcome,
  VerificationArea,
  VerificationDetails,
  VerificationValue,
  VerifiedEntry,
} from './types.js';

/** How far one entry was confirmed. */
type EntryState = 'verified' | 'partial' | 'not_verified';

const ENTRY_VERIFICATION: { readonly [S in EntryState]: VerificationValue } = {
  verified: 'VERIFIED',
  partial: 'PARTIALLY_VERIFIED',
  not_verified: 'NOT_VERIFIED',
};
/** A verified entry is CLEAR; anything short of it is for the client to review. */
const ENTRY_OUTCOME: { readonly [S in EntryState]: SimulatedOutcome } = {
  verified: 'CLEAR',
  partial: 'REVIEW',
  not_verified: 'REVIEW',
};

/** `Unverifiable`: nothing confirms; `Review`: the first entry is confirmed only in part; otherwise all confirmed. */
function entryStates(context: SimulationContext, count: number): EntryState[] {
  const { unverifiable, review } = context.scenario;
  return Array.from({ length: count }, (_, index) =>
    unverifiable ? 'not_verified' : review && index === 0 ? 'partial' : 'verified',
  );
}

/** All confirmed: VERIFIED; none: NOT_VERIFIED; some: PARTIALLY_VERIFIED; nothing to verify: UNABLE_TO_VERIFY. */
export function combinedVerification(values: readonly VerificationValue[]): VerificationValue {
  if (values.length === 0) return 'UNABLE_TO_VERIFY';
  if (values.every((value) => value === 'VERIFIED')) return 'VERIFIED';
  if (values.every((value) => value === 'NOT_VERIFIED')) return 'NOT_VERIFIED';
  return 'PARTIALLY_VERIFIED';
}

const NOTHING_TO_VERIFY: { readonly [A in VerificationArea]: string } = {
  employment: 'No employment was given to verify',
  education: 'No education was given to verify',
  credential: 'No credential was given to verify',
};

const contactName = (context: SimulationContext): string =>
  `${context.rng.pick(GIVEN_NAMES)} ${context.rng.pick(FAMILY_NAMES)}`;

/** The entry's sentence: what was confirmed, by whom. */
function notes(context: SimulationContext, organisation: string, state: EntryState, detail: string): string {
  switch (state) {
    case 'verified': {
      const office = context.rng.pick(['Human Resources', 'Registrar', 'Records office', 'Payroll']);
      return `Confirmed by ${contactName(context)} (${office}) at ${organisation} on ${daysBefore(context.now, context.rng.int(0, 3))}.`;
    }
    case 'partial':
      return `${organisation} confirmed the entry in part: ${detail}.`;
    case 'not_verified':
      return `${organisation} could not confirm the entry after three attempts.`;
  }
}

function entry<R>(
  state: EntryState,
  organisation: string,
  partialDetail: string,
  verification: VerifiedEntry<R>['verification'],
): VerifiedEntry<R> {
  return {
    outcome: ENTRY_OUTCOME[state],
    red_flags:
      state === 'verified'
        ? []
        : state === 'partial'
          ? [`${organisation}: ${partialDetail}`]
          : [`${organisation}: could not be verified`],
    green_flags: state === 'verified' ? [`${organisation}: verified`] : [],
    verification,
  };
}

/** `true` when verified, `false` when not, null when there was nothing to confirm. */
const confirmed = (given: unknown, value: boolean): boolean | null =>
  given === undefined || given === null || given === '' ? null : value;

function employmentEntries(context: SimulationContext): VerifiedEntry<EmployerVerificationResult>[] {
  const employers = context.information.employers ?? [];
  const states = entryStates(context, employers.length);
  return employers.map((employer, index) => {
    const state = states[index] ?? 'verified';
    const ok = state === 'verified';
    const detail = 'the employment dates and income on file differ from those given';
    const svcVerification = ENTRY_VERIFICATION[state];
    const verificationNotes = notes(context, employer.company_name, state, detail);
    return entry<EmployerVerificationResult>(state, employer.company_name, detail, {
      svc_verification: svcVerification,
      verification_notes: verificationNotes,
      company_name_verified: state !== 'not_verified',
      position_name_verified: confirmed(employer.position, state !== 'not_verified'),
      income_verified: confirmed(employer.income, ok),
      employment_dates_verified: ok,
      employer: {
        company_name: employer.company_name,
        position: employer.position ?? null,
        income: employer.income ?? null,
        pay_period: employer.pay_period ?? null,
        start_date: calendarDateOrNull(employer.start_date),
        end_date: calendarDateOrNull(employer.end_date),
        svc_verification: svcVerification,
        verification_notes: verificationNotes,
      },
    });
  });
}

function educationEntries(context: SimulationContext): VerifiedEntry<EducationVerificationResult>[] {
  const educations = context.information.educations ?? [];
  const states = entryStates(context, educations.length);
  return educations.map((education, index) => {
    const state = states[index] ?? 'verified';
    const ok = state === 'verified';
    const detail = 'attendance confirmed, but the degree and dates on file differ from those given';
    const svcVerification = ENTRY_VERIFICATION[state];
    const verificationNotes = notes(context, education.institution, state, detail);
    const degreeVerified = confirmed(education.degree?.degree, ok);
    return entry<EducationVerificationResult>(state, education.institution, detail, {
      svc_verification: svcVerification,
      verification_notes: verificationNotes,
      specializations_verified: null,
      degree_verified: degreeVerified,
      institution_verified: state !== 'not_verified',
      enrolment_dates_verified: ok,
      education: {
        institution: education.institution,
        degree: { degree: education.degree?.degree ?? null, verified: degreeVerified === true },
        start_date: calendarDateOrNull(education.start_date),
        end_date: calendarDateOrNull(education.end_date),
        svc_verification: svcVerification,
        verification_notes: verificationNotes,
      },
    });
  });
}

function credentialEntries(context: SimulationContext): VerifiedEntry<CredentialVerificationResult>[] {
  const credentials = context.information.credentials ?? [];
  const states = entryStates(context, credentials.length);
  return credentials.map((credential, index) => {
    const state = states[index] ?? 'verified';
    const detail = 'the credential is confirmed, but not its date of certification';
    const svcVerification = ENTRY_VERIFICATION[state];
    const verificationNotes = notes(context, credential.institution, state, detail);
    return entry<CredentialVerificationResult>(state, credential.institution, detail, {
      svc_verification: svcVerification,
      verification_notes: verificationNotes,
      certification_date_verified: state === 'verified',
      certification_verified: state !== 'not_verified',
      institution_verified: state !== 'not_verified',
      credential: {
        description: credential.description ?? null,
        institution: credential.institution,
        certification: credential.certification,
        date_of_certification: calendarDateOrNull(credential.date_of_certification),
        current: credential.current ?? true,
        svc_verification: svcVerification,
        verification_notes: verificationNotes,
      },
    });
  });
}

function verificationDetails(area: VerificationArea, context: SimulationContext): VerificationDetails {
  const combined = (entries: readonly VerifiedEntry<{ svc_verification: VerificationValue }>[]) =>
    combinedVerification(entries.map((item) => item.verification.svc_verification));
  switch (area) {
    case 'employment': {
      const entries = employmentEntries(context);
      return { kind: 'verification', area, verification: combined(entries), entries };
    }
    case 'education': {
      const entries = educationEntries(context);
      return { kind: 'verification', area, verification: combined(entries), entries };
    }
    case 'credential': {
      const entries = credentialEntries(context);
      return { kind: 'verification', area, verification: combined(entries), entries };
    }
  }
}

/** Employment, education or credential verification directly with the employer, school or issuer. */
export function simulateVerification(
  area: VerificationArea,
  context: SimulationContext,
): SimulatedCheck<VerificationDetails> {
  const details = verificationDetails(area, context);
  const { entries } = details;
  if (entries.length === 0)
    return simulatedCheck(context, details, [{ outcome: 'REVIEW', redFlags: [NOTHING_TO_VERIFY[area]] }]);
  return simulatedCheck(
    context,
    details,
    entries.map((item) => ({ outcome: item.outcome, redFlags: item.red_flags, greenFlags: item.green_flags })),
  );
}

type SourceEntry = { label: string | null; organisation: string; start: string | null; end: string | null };

function sourceEntries(area: VerificationArea, context: SimulationContext): SourceEntry[] {
  const { information } = context;
  switch (area) {
    case 'employment':
      return (information.employers ?? []).map((item) => ({
        label: item.position ?? null,
        organisation: item.company_name,
        start: calendarDateOrNull(item.start_date),
        end: calendarDateOrNull(item.end_date),
      }));
    case 'education':
      return (information.educations ?? []).map((item) => ({
        label: item.degree?.degree ?? null,
        organisation: item.institution,
        start: calendarDateOrNull(item.start_date),
        end: calendarDateOrNull(item.end_date),
      }));
    case 'credential':
      return (information.credentials ?? []).map((item) => ({
        label: item.certification,
        organisation: item.institution,
        start: calendarDateOrNull(item.date_of_certification),
        end: null,
      }));
  }
}

const period = (start: string | null, end: string | null): string => `${start ?? 'unknown'} – ${end ?? 'present'}`;

/** Instant verification against payroll, education and issuer data sources: the applicant's data beside the source's. */
export function simulateInstantVerification(
  area: VerificationArea,
  context: SimulationContext,
): SimulatedCheck<InstantVerificationDetails> {
  const { rng } = context;
  const entries = sourceEntries(area, context);
  const states = entryStates(context, entries.length);
  const items: InstantVerifyItem[] = entries.map((source, index) => {
    const state = states[index] ?? 'verified';
    const shiftedStart = source.start ? shiftDate(source.start, rng.int(60, 200)) : null;
    return {
      verification_status: ENTRY_VERIFICATION[state],
      verifications_scale:
        state === 'verified' ? rng.int(90, 100) : state === 'partial' ? rng.int(55, 75) : rng.int(0, 15),
      label_source_data: source.label,
      label_verifier_data:
        state === 'not_verified'
          ? null
          : state === 'partial' && source.label
            ? `Assistant ${source.label}`
            : source.label,
      org_source_data: source.organisation,
      org_verifier_data: state === 'not_verified' ? null : source.organisation,
      dates_source_data: period(source.start, source.end),
      dates_verifier_data:
        state === 'not_verified'
          ? null
          : state === 'partial'
            ? period(shiftedStart, source.end)
            : period(source.start, source.end),
    };
  });
  const verification = combinedVerification(items.map((item) => item.verification_status));
  const details: InstantVerificationDetails = { kind: 'instant_verification', area, verification, items };
  if (items.length === 0)
    return simulatedCheck(context, details, [{ outcome: 'REVIEW', redFlags: [NOTHING_TO_VERIFY[area]] }]);
  return simulatedCheck(
    context,
    details,
    items.map((item, index) => {
      const state = states[index] ?? 'verified';
      const organisation = item.org_source_data ?? 'Entry';
      return state === 'verified'
        ? {
            outcome: 'CLEAR',
            greenFlags: [`${organisation}: confirmed instantly (${item.verifications_scale}% match)`],
          }
        : state === 'partial'
          ? {
              outcome: ENTRY_OUTCOME[state],
              redFlags: [`${organisation}: the data source matches only in part (${item.verifications_scale}% match)`],
            }
          : { outcome: ENTRY_OUTCOME[state], redFlags: [`${organisation}: no matching record at the data source`] };
    }),
  );
}
