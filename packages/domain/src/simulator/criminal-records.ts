import type { CriminalCase, CriminalCharge, CriminalSentence, InformationInput } from '@svc/contract';
import {
  OFFENCES,
  courtOf,
  dispositionWords,
  legalSystemOf,
  type CriminalSeverity,
  type Jurisdiction,
  type Offence,
} from './criminal-jurisdictions.js';
import { calendarDateOrNull, daysBefore, daysBetween, shiftDate } from './dates.js';
import { fullName } from './normalise.js';
import { createRng, type Rng } from './prng.js';
import type { SimulatedDetails } from './types.js';

export { jurisdictionIn, type CriminalSeverity, type Jurisdiction } from './criminal-jurisdictions.js';

/** One charge of a case: the offence, how it was disposed of and the sentence. */
type ChargePlan = {
  offence: Offence;
  plea: string;
  disposition: string;
  probation: string | null;
  jail: string | null;
  fine: number | null;
};

function charge({
  plan,
  offenceDate,
  filed,
  judged,
  police,
  rng,
  withArrest,
}: {
  plan: ChargePlan;
  offenceDate: string;
  filed: string;
  judged: string;
  police: string;
  rng: Rng;
  withArrest: boolean;
}): CriminalCharge {
  const { offence } = plan;
  const sentence = (
    fields: Pick<CriminalSentence, 'sentence_type' | 'duration' | 'amount' | 'qualifier' | 'description'>,
  ): CriminalSentence => ({
    ...fields,
    amount_paid: fields.amount,
    paid: fields.amount === null ? null : true,
    effective_date: judged,
    appearance_date: judged,
    appearance_finding: 'Sentenced',
  });
  const sentences: CriminalSentence[] = [];
  if (plan.jail)
    sentences.push(
      sentence({
        sentence_type: 'Jail',
        duration: plan.jail,
        amount: null,
        qualifier: 'Concurrent',
        description: `${plan.jail} in custody`,
      }),
    );
  if (plan.probation)
    sentences.push(
      sentence({
        sentence_type: 'Probation',
        duration: plan.probation,
        amount: null,
        qualifier: null,
        description: `Probation for ${plan.probation}`,
      }),
    );
  if (plan.fine)
    sentences.push(
      sentence({
        sentence_type: 'Fine',
        duration: null,
        amount: plan.fine,
        qualifier: null,
        description: 'Fine and victim surcharge',
      }),
    );
  return {
    offense_description: offence.description,
    offense_date: offenceDate,
    offense_type: offence.type,
    plea: plan.plea,
    hearing_date: judged,
    hearing_type: sentences.length > 0 ? 'Sentencing' : 'Trial',
    probation: plan.probation,
    community_service: null,
    sentence_suspended: false,
    fines: plan.fine,
    fines_paid_status: plan.fine ? 'Paid in full' : null,
    fines_paid_date: plan.fine ? shiftDate(judged, 60) : null,
    cost: null,
    restitution: null,
    transferred_jurisdiction: null,
    transferred_case_number: null,
    active_warrant: false,
    jail_time: plan.jail,
    prison_time: null,
    charge_in_progress: false,
    charge: `${offence.description}, contrary to ${offence.statute}`,
    charge_level: offence.level,
    charge_class: offence.type,
    dispositions: [
      {
        offense_description: offence.description,
        offense_type: offence.type,
        offense_date: offenceDate,
        description: `${plan.disposition} on ${judged}`,
        disposition_date: judged,
        statue: offence.statute,
        offense_class: offence.level,
        final_plea: plan.plea,
        disposition_description: plan.disposition,
      },
    ],
    sentences,
    arrests: withArrest
      ? [
          {
            arrest_date: offenceDate,
            booking_number: `B${rng.digits(8)}`,
            citation_number: null,
            arresting_agency: police,
            offense_type: offence.type,
            offense_description: offence.description,
            counts: 1,
          },
        ]
      : [],
    additional_informations: [
      { description: 'First appearance', additional_description: 'Released on an undertaking', event_date: filed },
    ],
  };
}

const laterOf = (a: string, b: string): string => (a > b ? a : b);
const earlierOf = (a: string, b: string): string => (a < b ? a : b);

/**
 * When the offence happened: in adulthood, between 14 years and 1 year ago, while the applicant lived in the
 * jurisdiction when the history says when (else 3 to 14 years ago). ISO dates compare as strings.
 */
function offenceDateFor({
  rng,
  now,
  dateOfBirth,
  place,
}: {
  rng: Rng;
  now: Date;
  dateOfBirth: string | null;
  place: Jurisdiction;
}): string {
  const floor = laterOf(daysBefore(now, 14 * 365), dateOfBirth ? shiftDate(dateOfBirth, 19 * 365) : '0000-01-01');
  const ceiling = daysBefore(now, 365);
  const from = laterOf(floor, place.livedFrom ?? floor);
  const until = earlierOf(ceiling, place.livedUntil ?? ceiling);
  const [start, end] =
    from <= until
      ? [from, until]
      : [earlierOf(floor, ceiling), earlierOf(laterOf(floor, daysBefore(now, 3 * 365)), ceiling)];
  return shiftDate(start, rng.int(0, Math.max(0, daysBetween(start, end))));
}

/** Whether a case ended in a conviction: a disposition opening with "Convicted" or "Guilty" (not "… without conviction"). */
export function isConvictionCase(found: CriminalCase): boolean {
  return found.criminal_charges.some((item) =>
    item.dispositions.some((disposition) => /^(convicted|guilty)\b/i.test(disposition.disposition_description ?? '')),
  );
}

/** The criminal cases in a check's details (inside the risk evaluations for the softcheck); none for other kinds. */
export function criminalCasesIn(details: SimulatedDetails): CriminalCase[] {
  switch (details.kind) {
    case 'risk':
      return details.risk_evaluations.flatMap((evaluation) =>
        evaluation.criminal_results.flatMap((result) => result.criminal_identity.criminal_cases),
      );
    case 'us_criminal':
    case 'national_criminal':
    case 'international_criminal':
    case 'disclosure':
      return [...details.criminal_cases];
    default:
      return [];
  }
}

/**
 * The criminal record of the applicant in one jurisdiction, for the severity the test inputs ask: none, a record to
 * review (one charge discharged with probation, one withdrawn) or convictions (jail, probation and a fine).
 * Seeded by the person and the country, not by the check, so every check searching that country finds the same case.
 */
export function criminalCasesFor({
  information,
  informationKey,
  place,
  severity,
  now,
}: {
  information: InformationInput;
  informationKey: string;
  place: Jurisdiction;
  severity: CriminalSeverity;
  now: Date;
}): CriminalCase[] {
  if (severity === 'none') return [];
  const rng = createRng('criminal-record', place.country, severity, informationKey);
  const offences = OFFENCES[legalSystemOf(place.country)];
  const words = dispositionWords(place.country);
  const dateOfBirth = calendarDateOrNull(information.date_of_birth);
  const offenceDate = offenceDateFor({ rng, now, dateOfBirth, place });
  const filed = shiftDate(offenceDate, rng.int(7, 40));
  const judged = shiftDate(filed, rng.int(90, 240));
  const court = courtOf(place);
  const [first, second] = rng.sample(offences.minor, 2);
  const plans: ChargePlan[] =
    severity === 'record'
      ? [
          {
            offence: first ?? offences.minor[0]!,
            plea: 'Guilty',
            disposition: words.discharge,
            probation: '12 months',
            jail: null,
            fine: null,
          },
          {
            offence: second ?? offences.minor[0]!,
            plea: 'Not guilty',
            disposition: words.dropped,
            probation: null,
            jail: null,
            fine: null,
          },
        ]
      : [
          {
            offence: rng.pick(offences.serious),
            plea: 'Guilty',
            disposition: words.convicted,
            probation: null,
            jail: `${rng.pick([3, 6, 9])} months`,
            fine: null,
          },
          {
            offence: first ?? offences.minor[0]!,
            plea: 'Guilty',
            disposition: words.convicted,
            probation: '24 months',
            jail: null,
            fine: rng.amount(500, 2500, 100),
          },
        ];
  const charges = plans.map((plan, index) =>
    charge({
      plan,
      offenceDate,
      filed,
      judged,
      police: court.police,
      rng,
      withArrest: index === 0,
    }),
  );
  const docket = court.docket(rng, filed);
  const name = fullName(information);
  const headline = plans.map((plan) => `${plan.offence.description}: ${plan.disposition}`).join('; ');
  return [
    {
      case_type: 'Criminal',
      number: docket,
      file_date: filed,
      judgment_date: judged,
      summary_description: headline,
      full_description: `${name}${dateOfBirth ? `, born ${dateOfBirth},` : ''} was charged with ${plans.map((plan) => plan.offence.description.toLowerCase()).join(' and ')} (${court.court}).`,
      notes: dateOfBirth ? 'Identity matched on full name and date of birth.' : 'Identity matched on full name only.',
      court: {
        court: court.court,
        court_type: court.courtType,
        docket_number: docket,
        filed_date: filed,
        served_date: shiftDate(filed, rng.int(1, 10)),
        trial_date: judged,
        jurisdiction: [place.city, place.provinceState, place.country].filter((part) => part).join(', '),
      },
      criminal_charges: charges,
    },
  ];
}

/** Red flags for the cases found, one per case. */
export function criminalRedFlags(cases: readonly CriminalCase[]): string[] {
  return cases.map((found) => {
    const convicted = isConvictionCase(found);
    return `${convicted ? 'Conviction' : 'Criminal record'} found: ${found.summary_description ?? 'criminal case'} (${found.court.court ?? 'court'}, ${found.file_date ?? 'date unknown'})`;
  });
}

/** The outcome of a criminal search: a conviction is NOT_CLEAR, any other record REVIEW, nothing CLEAR. */
export function criminalOutcome(severity: CriminalSeverity): 'CLEAR' | 'REVIEW' | 'NOT_CLEAR' {
  return severity === 'conviction' ? 'NOT_CLEAR' : severity === 'record' ? 'REVIEW' : 'CLEAR';
}
