import type { CheckName, PersonName, ReferenceAnswer, ReferenceCheck } from '@svc/contract';
import { simulatedCheck, type Finding, type SimulationContext } from './context.js';
import { calendarDateOrNull } from './dates.js';
import { FAMILY_NAMES, GIVEN_NAMES } from './reference-data.js';
import type { ReferencesDetails, SimulatedCheck } from './types.js';

export type ReferenceCheckName = Extract<
  CheckName,
  'employer_references' | 'address_references' | 'employer_phone_references' | 'address_phone_references'
>;

/** At most this many referees are contacted per check. */
const MAX_REFEREES = 3;

type Referee = { name: PersonName; organisation: string; period: string; type: ReferenceCheck['type'] };

type GivenReference = { name?: { first_name?: string; middle_name?: string | null; last_name?: string } } | undefined;

function refereeName(context: SimulationContext, given: GivenReference): PersonName {
  const name = given?.name;
  if (name?.first_name && name.last_name) {
    return { first_name: name.first_name, middle_name: name.middle_name ?? null, last_name: name.last_name };
  }
  return { first_name: context.rng.pick(GIVEN_NAMES), middle_name: null, last_name: context.rng.pick(FAMILY_NAMES) };
}

const period = (start: string | null | undefined, end: string | null | undefined) =>
  `${calendarDateOrNull(start) ?? 'unknown'} to ${calendarDateOrNull(end) ?? 'present'}`;

/** Employers' managers, or landlords of rented addresses (owned homes have no landlord), most recent first. */
function refereesFor(checkName: ReferenceCheckName, context: SimulationContext): Referee[] {
  const { information } = context;
  if (checkName === 'employer_references' || checkName === 'employer_phone_references') {
    return (information.employers ?? []).slice(0, MAX_REFEREES).map((employer) => ({
      name: refereeName(context, employer.employer_reference),
      organisation: employer.company_name,
      period: period(employer.start_date, employer.end_date),
      type: 'EMPLOYER',
    }));
  }
  return (information.addresses ?? [])
    .filter((address) => address.rent_or_own !== 'OWN')
    .slice(0, MAX_REFEREES)
    .map((address) => ({
      name: refereeName(context, address.address_reference),
      organisation: `${address.address}, ${address.city}`,
      period: period(address.start_date, address.end_date),
      type: 'ADDRESS',
    }));
}

/** The questionnaire answers; `negative` answers are those of a referee who would not recommend the applicant. */
function answers(referee: Referee, negative: boolean, context: SimulationContext): ReferenceAnswer[] {
  if (referee.type === 'EMPLOYER') {
    return [
      {
        question: 'In what capacity did you work with the applicant?',
        answer: `Direct manager at ${referee.organisation}`,
      },
      { question: "What were the applicant's dates of employment?", answer: referee.period },
      {
        question: "How would you rate the applicant's reliability (1–5)?",
        answer: negative ? '2' : String(context.rng.int(4, 5)),
      },
      { question: 'Would you rehire the applicant?', answer: negative ? 'No' : 'Yes' },
    ];
  }
  return [
    { question: 'What was your relationship to the applicant?', answer: `Landlord, ${referee.period}` },
    { question: 'Did the applicant pay rent on time?', answer: negative ? 'No, rent was often late' : 'Yes, always' },
    {
      question: 'Was the unit left in good condition?',
      answer: negative ? 'No, there was damage beyond normal wear' : 'Yes',
    },
    { question: 'Would you rent to the applicant again?', answer: negative ? 'No' : 'Yes' },
  ];
}

const nameOf = (name: PersonName): string => [name.first_name, name.last_name].filter((part) => part).join(' ');

/**
 * Employer and address (landlord) references, by email or by phone. `Review`: the first referee would not
 * recommend the applicant. `Unverifiable`: no referee answers.
 */
export function simulateReferences(
  checkName: ReferenceCheckName,
  context: SimulationContext,
): SimulatedCheck<ReferencesDetails> {
  const { scenario } = context;
  const contactedVia = checkName.includes('phone') ? 'PHONE' : 'EMAIL';
  const referees = refereesFor(checkName, context);
  const references: ReferenceCheck[] = referees.map((referee, index) => {
    const completed = !scenario.unverifiable;
    return {
      name: referee.name,
      type: referee.type,
      contacted_via: contactedVia,
      completed,
      answers: completed ? answers(referee, scenario.review && index === 0, context) : [],
    };
  });
  const findings: Finding[] = references.map((reference, index) => {
    const referee = referees[index];
    const where = referee?.organisation ?? 'unknown';
    const who =
      reference.type === 'EMPLOYER'
        ? `${nameOf(reference.name)} (${where})`
        : `${nameOf(reference.name)}, landlord at ${where}`;
    if (!reference.completed) return { outcome: 'REVIEW', redFlags: [`${who} did not answer the reference request`] };
    if (scenario.review && index === 0) {
      return {
        outcome: 'REVIEW',
        redFlags: [
          reference.type === 'EMPLOYER'
            ? `${who} would not rehire the applicant`
            : `${who} reports late rent and would not rent to the applicant again`,
        ],
      };
    }
    return { outcome: 'CLEAR', greenFlags: [`${who} recommends the applicant`] };
  });
  if (references.length === 0) {
    findings.push({
      outcome: 'REVIEW',
      redFlags: [
        checkName.startsWith('employer') ? 'No employer referee to contact' : 'No landlord referee to contact',
      ],
    });
  }
  return simulatedCheck(context, { kind: 'references', references }, findings);
}
