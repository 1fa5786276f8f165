import { simulatedCheck, type Finding, type SimulationContext } from './context.js';
import { daysAfter } from './dates.js';
import { countryOfRegion } from './reference-data.js';
import type { IdentityDetails, SimulatedCheck } from './types.js';

/**
 * Identity verification (ID document + selfie) and its enhanced form (adds liveness and a match against
 * authoritative records). Status `A` approved, `R` to review (`Review`: partial face match; `Unverifiable`: the
 * document cannot be authenticated), `D` declined (SIN/SSN `000000000`: the identity does not match the number).
 */
export function simulateIdentity(
  level: IdentityDetails['level'],
  context: SimulationContext,
): SimulatedCheck<IdentityDetails> {
  const { information, location, rng, scenario, now } = context;
  const enhanced = level === 'enhanced';
  const status: IdentityDetails['status'] = scenario.ssnMismatch
    ? 'D'
    : scenario.unverifiable || scenario.review
      ? 'R'
      : 'A';
  const faceMatch = scenario.review ? rng.int(68, 78) : rng.int(92, 99);
  const licence = information.license_number?.trim();
  const details: IdentityDetails = {
    kind: 'identity',
    level,
    status,
    document: {
      type: licence ? 'Driver licence' : 'Passport',
      issuing_country: (licence ? countryOfRegion(information.license_prov_state) : null) ?? location.country,
      issuing_province_state: licence ? (information.license_prov_state ?? location.province_state) : null,
      number_last4: licence && licence.length >= 4 ? licence.slice(-4) : rng.digits(4),
      expiry_date: daysAfter(now, rng.int(180, 1800)),
    },
    document_authentic: !scenario.unverifiable,
    face_match_score: faceMatch,
    liveness_passed: enhanced ? true : null,
    data_match: !scenario.ssnMismatch,
    record_match: enhanced ? !scenario.ssnMismatch && !scenario.unverifiable : null,
  };
  const findings: Finding[] = [];
  if (scenario.ssnMismatch) {
    findings.push({
      outcome: 'NOT_CLEAR',
      redFlags: ['Identity declined: the SIN/SSN given does not belong to the applicant'],
    });
  }
  if (scenario.unverifiable)
    findings.push({ outcome: 'REVIEW', redFlags: ['The identity document could not be authenticated'] });
  if (scenario.review)
    findings.push({ outcome: 'REVIEW', redFlags: [`The selfie matches the ID photo only in part (${faceMatch}%)`] });
  if (findings.length === 0) {
    findings.push({
      outcome: 'CLEAR',
      greenFlags: [
        `${details.document.type} authentic`,
        `Selfie matches the ID photo (${faceMatch}%)`,
        ...(enhanced ? ['Liveness confirmed', 'Identity confirmed against authoritative records'] : []),
      ],
    });
  }
  return simulatedCheck(context, details, findings);
}
