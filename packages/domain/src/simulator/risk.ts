import { overallScore, type CriminalResult } from '@svc/contract';
import {
  criminalSeverity,
  overallScoreOf,
  simulatedCheck,
  worstOutcome,
  type Finding,
  type SimulationContext,
} from './context.js';
import { criminalCasesFor, criminalOutcome, criminalRedFlags, jurisdictionIn } from './criminal-records.js';
import { calendarDateOrNull } from './dates.js';
import type { RiskDetails, SimulatedCheck } from './types.js';

const confidenceLabel = (confidence: number): CriminalResult['confidence_label'] =>
  confidence >= 80 ? 'High' : confidence >= 50 ? 'Medium' : 'Low';

/**
 * Softcheck: public records worldwide (court records, sanctions and watch lists, adverse media) in the country of
 * the position. A record is reported as a criminal identity matching the applicant: the applicant's name, date of
 * birth and addresses, with the case, its source and (for a conviction) an alert.
 */
export function simulateSoftcheck(context: SimulationContext): SimulatedCheck<RiskDetails> {
  const { information, location, rng, scenario } = context;
  const severity = criminalSeverity(context);
  const place = jurisdictionIn({ country: location.country, information, location });
  const cases = criminalCasesFor({
    information,
    informationKey: context.informationKey,
    place,
    severity,
    now: context.now,
  });
  const dateOfBirth = calendarDateOrNull(information.date_of_birth);
  const recordOutcome = criminalOutcome(severity);
  const criminalResults: CriminalResult[] = cases.map((found) => {
    // A name and date-of-birth match is strong; the `Review` applicant's record is a weaker, possible match.
    const confidence = scenario.criminalRecord === 'none' ? rng.int(60, 79) : rng.int(86, 97);
    return {
      confidence,
      confidence_label: confidenceLabel(confidence),
      overall_score: overallScoreOf(recordOutcome),
      criminal_identity: {
        criminal_cases: [found],
        criminal_alerts:
          severity === 'conviction'
            ? [
                {
                  parent_category: 'CRM',
                  category: 'Criminal conviction',
                  stage: 'Convicted',
                  type: 'Court record',
                  description: found.summary_description,
                  date: found.judgment_date,
                  parent_category_label: 'Crime',
                },
              ]
            : [],
        criminal_sources: [
          {
            name: `${found.court.court ?? 'Court'} records`,
            url: null,
            date: found.file_date,
            format: 'Court record',
            headline: found.summary_description,
            publication_source: found.court.court,
            publisher: found.court.court,
          },
        ],
        criminal_addresses: (information.addresses ?? [])
          .filter((address) => address.country === place.country)
          .map((address) => ({
            unit: address.unit ?? null,
            address: address.address,
            city: address.city,
            province_state: address.province_state,
            country: address.country,
            postal_code: address.postal_code ?? null,
            start_date: calendarDateOrNull(address.start_date),
            end_date: calendarDateOrNull(address.end_date),
          })),
        criminal_additional_informations: [
          {
            aliases: information.alias ? [information.alias] : [],
            dates_of_birth: dateOfBirth ? [dateOfBirth] : [],
            name: {
              first_name: information.first_name ?? null,
              middle_name: information.middle_name ?? null,
              last_name: information.last_name ?? null,
            },
          },
        ],
      },
    };
  });

  const identityFinding: Finding = scenario.review
    ? { outcome: 'REVIEW', redFlags: ['The name appears in public sources with a different date of birth'] }
    : { outcome: 'CLEAR', greenFlags: ['Name, date of birth and addresses are consistent across public sources'] };
  const recordFinding: Finding =
    cases.length > 0
      ? { outcome: recordOutcome, redFlags: criminalRedFlags(cases) }
      : { outcome: 'CLEAR', greenFlags: ['No court record, sanction, watch-list entry or adverse media found'] };
  const informationScore = overallScoreOf(identityFinding.outcome);
  return simulatedCheck(
    context,
    {
      kind: 'risk',
      risk_evaluations: [
        {
          overall_score: overallScoreOf(worstOutcome([identityFinding.outcome, recordFinding.outcome])),
          risk_information_result: {
            overall_score: informationScore,
            overall_score_label: overallScore.labels[informationScore],
            red_flags: [...(identityFinding.redFlags ?? [])],
            green_flags: [...(identityFinding.greenFlags ?? [])],
          },
          criminal_results: criminalResults,
        },
      ],
    },
    [identityFinding, recordFinding],
  );
}
