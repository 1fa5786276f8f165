import type { MotorVehicleViolation } from '@svc/contract';
import { simulatedCheck, type Finding, type SimulationContext } from './context.js';
import { calendarDateOrNull, daysAfter, daysBefore, monthsBetween } from './dates.js';
import { fullName, slug } from './normalise.js';
import { SOCIAL_PLATFORMS, countryName, passportOf } from './reference-data.js';
import type {
  BehaviouralDetails,
  InformationReviewDetails,
  MotorVehicleDetails,
  RightToWorkDetails,
  SimulatedCheck,
  SocialMediaDetails,
  VaccinationDetails,
} from './types.js';

/** Months from the earliest start date of a history to today (0 without dates). */
function historyMonths(entries: readonly { start_date?: string | null }[], today: string): number {
  const starts = entries
    .map((entry) => calendarDateOrNull(entry.start_date))
    .filter((date): date is string => date !== null)
    .sort();
  return starts[0] ? monthsBetween(starts[0], today) : 0;
}

/** Base screening: the information given, read for completeness and consistency. `Review`: a gap in the address history. */
export function simulateInformationReview(context: SimulationContext): SimulatedCheck<InformationReviewDetails> {
  const { information, scenario, today, rng } = context;
  const addressMonths = historyMonths(information.addresses ?? [], today);
  const employmentMonths = historyMonths(information.employers ?? [], today);
  const gap = rng.int(5, 9);
  const items: InformationReviewDetails['items'] = [
    { item: 'Name', consistent: true, note: `${fullName(information)}, given consistently` },
    { item: 'Date of birth', consistent: true, note: information.date_of_birth ? 'Given and plausible' : 'Not given' },
    {
      item: 'Address history',
      consistent: !scenario.review,
      note: scenario.review ? `A gap of ${gap} months between two addresses` : `${addressMonths} months covered`,
    },
    { item: 'Employment history', consistent: true, note: `${employmentMonths} months covered` },
    {
      item: 'Contact details',
      consistent: true,
      note: information.phone_number ? 'Phone number given' : 'No phone number given',
    },
  ];
  const findings: Finding[] = scenario.review
    ? [{ outcome: 'REVIEW', redFlags: [`The address history has a gap of ${gap} months`] }]
    : [{ outcome: 'CLEAR', greenFlags: ['The information given is complete and consistent'] }];
  return simulatedCheck(
    context,
    { kind: 'information', items, address_history_months: addressMonths, employment_history_months: employmentMonths },
    findings,
  );
}

const TRAITS = ['Reliability', 'Integrity', 'Teamwork', 'Safety awareness', 'Customer focus'] as const;

/** Behavioural assessment: trait scores from a questionnaire. `Review`: a low integrity score. */
export function simulateBehavioural(context: SimulationContext): SimulatedCheck<BehaviouralDetails> {
  const { rng, scenario } = context;
  const traits = TRAITS.map((trait) => ({
    trait,
    score: scenario.review && trait === 'Integrity' ? rng.int(28, 40) : rng.int(65, 95),
  }));
  const strongest = [...traits].sort((a, b) => b.score - a.score)[0];
  const weak = traits.filter((trait) => trait.score < 50);
  const findings: Finding[] = [
    {
      outcome: 'CLEAR',
      greenFlags: strongest ? [`Strongest trait: ${strongest.trait.toLowerCase()} (${strongest.score}/100)`] : [],
    },
    ...weak.map((trait): Finding => ({
      outcome: 'REVIEW',
      redFlags: [`Low ${trait.trait.toLowerCase()} score (${trait.score}/100)`],
    })),
  ];
  return simulatedCheck(context, { kind: 'behavioural', questions_answered: 60, traits }, findings);
}

/** Social media check: public profiles found and reviewed. `Review`: an abusive post. */
export function simulateSocialMedia(context: SimulationContext): SimulatedCheck<SocialMediaDetails> {
  const { rng, scenario, information, now } = context;
  const handle = `${slug(fullName(information))}-${rng.digits(2)}`;
  const profiles = rng
    .sample(SOCIAL_PLATFORMS, 2)
    .map((platform) => ({ platform: platform.platform, url: platform.url(handle) }));
  const findings: SocialMediaDetails['findings'] =
    scenario.review && profiles[0]
      ? [
          {
            platform: profiles[0].platform,
            category: 'Harassment',
            description: 'Post with abusive language directed at a former co-worker',
            date: daysBefore(now, rng.int(60, 600)),
          },
        ]
      : [];
  return simulatedCheck(
    context,
    { kind: 'social_media', profiles, findings },
    findings.length > 0
      ? findings.map((finding): Finding => ({
          outcome: 'REVIEW',
          redFlags: [`${finding.platform}: ${finding.description.toLowerCase()} (${finding.date})`],
        }))
      : [
          {
            outcome: 'CLEAR',
            greenFlags: [
              `No violent, discriminatory, harassing or illegal content on ${profiles.length} public profiles`,
            ],
          },
        ],
  );
}

/** The usual class of a full licence for a car where it was issued. */
function defaultLicenceClass(country: string, region: string): string {
  if (country === 'CA') return region === 'ON' ? 'G' : '5';
  if (country === 'US') return region === 'CA' ? 'C' : 'D';
  return 'B';
}

/**
 * Motor vehicle record (driver's abstract). `Review`: a speeding conviction. Last name `Suspended`: a suspended
 * licence (NOT_CLEAR). A licence declared not valid comes back expired (REVIEW).
 */
export function simulateMotorVehicleRecord(context: SimulationContext): SimulatedCheck<MotorVehicleDetails> {
  const { information, location, rng, scenario, now } = context;
  const region = information.license_prov_state ?? location.province_state;
  if (!information.license_number?.trim()) {
    return simulatedCheck(
      context,
      {
        kind: 'motor_vehicle',
        issuing_province_state: region,
        license_status: null,
        license_class: null,
        license_expiry_date: null,
        violations: [],
      },
      [{ outcome: 'REVIEW', redFlags: ['No driving record found: no licence number was given'] }],
    );
  }
  const unit = location.country === 'US' ? 'mph' : 'km/h';
  const violations: MotorVehicleViolation[] = [];
  if (scenario.licenceSuspended) {
    violations.push(
      {
        date: daysBefore(now, rng.int(20, 90)),
        description: 'Licence suspended: impaired driving (administrative suspension)',
        points: null,
      },
      {
        date: daysBefore(now, rng.int(120, 400)),
        description: `Speeding 50 ${unit} or more over the limit`,
        points: 6,
      },
    );
  }
  if (scenario.review || scenario.licenceSuspended) {
    violations.push({
      date: daysBefore(now, rng.int(200, 900)),
      description: `Speeding 20–29 ${unit} over the limit`,
      points: 3,
    });
  }
  const status = scenario.licenceSuspended ? 'Suspended' : information.license_valid === false ? 'Expired' : 'Valid';
  const licenceClass = information.license_type?.trim() || defaultLicenceClass(location.country, region);
  const findings: Finding[] = [];
  if (status === 'Suspended') findings.push({ outcome: 'NOT_CLEAR', redFlags: ['Driver’s licence suspended'] });
  if (status === 'Expired') findings.push({ outcome: 'REVIEW', redFlags: ['Driver’s licence expired'] });
  for (const violation of violations.filter((item) => item.points !== null)) {
    findings.push({
      outcome: 'REVIEW',
      redFlags: [`${violation.description} on ${violation.date} (${violation.points} points)`],
    });
  }
  if (findings.length === 0)
    findings.push({
      outcome: 'CLEAR',
      greenFlags: [`Valid class ${licenceClass} licence with no violation in the last 3 years`],
    });
  return simulatedCheck(
    context,
    {
      kind: 'motor_vehicle',
      issuing_province_state: region,
      license_status: status,
      license_class: licenceClass,
      license_expiry_date:
        status === 'Expired' ? daysBefore(now, rng.int(30, 300)) : daysAfter(now, rng.int(200, 1800)),
      violations,
    },
    findings,
  );
}

/** Vaccination check: the proof the applicant uploads. `Review`: the proof cannot be authenticated (`vaccinated` null). */
export function simulateVaccination(context: SimulationContext): SimulatedCheck<VaccinationDetails> {
  const { rng, scenario, now } = context;
  const proofDate = daysBefore(now, rng.int(30, 400));
  return scenario.review
    ? simulatedCheck(context, { kind: 'vaccination', vaccinated: null, proof_date: proofDate, vaccines: [] }, [
        { outcome: 'REVIEW', redFlags: ['The proof of vaccination could not be authenticated: manual review needed'] },
      ])
    : simulatedCheck(
        context,
        {
          kind: 'vaccination',
          vaccinated: true,
          proof_date: proofDate,
          vaccines: ['COVID-19 (primary series and booster)', 'Influenza (current season)'],
        },
        [{ outcome: 'CLEAR', greenFlags: ['Proof of vaccination verified'] }],
      );
}

/**
 * Right to work in the country of the position (`right_to_work`) or in the UK (`uk_right_to_work_check`): a
 * citizen's passport, or a permanent status. `Review`: a time-limited work permit that expires within 60 days.
 */
export function simulateRightToWork(country: string, context: SimulationContext): SimulatedCheck<RightToWorkDetails> {
  const { information, rng, scenario, now } = context;
  const name = countryName(country);
  if (scenario.review) {
    const expiry = daysAfter(now, rng.int(30, 60));
    const documentType = country === 'GB' ? 'Share code – time-limited permission to work' : 'Work permit';
    return simulatedCheck(
      context,
      { kind: 'right_to_work', country, document_type: documentType, permission_expiry_date: expiry },
      [{ outcome: 'REVIEW', redFlags: [`Permission to work in ${name} ends on ${expiry}`] }],
    );
  }
  const citizen = !information.birth_country || information.birth_country === country;
  const documentType = citizen
    ? passportOf(country)
    : country === 'GB'
      ? 'Share code – settled status'
      : 'Permanent resident card';
  return simulatedCheck(
    context,
    { kind: 'right_to_work', country, document_type: documentType, permission_expiry_date: null },
    [{ outcome: 'CLEAR', greenFlags: [`Right to work in ${name} confirmed (${documentType})`] }],
  );
}
