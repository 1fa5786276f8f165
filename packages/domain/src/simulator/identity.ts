import { DOCUMENT_NAMES, DOCUMENTS_NEEDED_BY_CHECK } from '../portal/documents.js';
import { simulatedCheck, type Finding, type SimulationContext } from './context.js';
import { daysAfter } from './dates.js';
import { countryOfRegion } from './reference-data.js';
import type { IdentityDetails, SimulatedCheck } from './types.js';

/**
 * Identity verification and its enhanced form (adds liveness and a match against authoritative records). Both compare
 * a photo of an identity document with a selfie (`DOCUMENTS_NEEDED_BY_CHECK`): without them (a quick screen collects
 * none) the identity is not verified, status `R`, and the red flag says what was missing; the name, date of birth and
 * address are still matched to the records checked, which alone never approves anyone. Status `A` approved, `R` to
 * review (`Review`: partial face match or partial data match; `Unverifiable`: the document cannot be authenticated or
 * the data matched; a document or selfie missing), `D` declined (SIN/SSN `000000000`: the identity does not match the
 * number).
 */
export function simulateIdentity(
  level: IdentityDetails['level'],
  context: SimulationContext,
): SimulatedCheck<IdentityDetails> {
  const { information, location, rng, scenario, now, collectedDocuments } = context;
  const enhanced = level === 'enhanced';
  const collected = {
    identity_document: collectedDocuments.includes('identity_document'),
    selfie: collectedDocuments.includes('selfie'),
  };
  const comparesFaces = collected.identity_document && collected.selfie;
  const missing = DOCUMENTS_NEEDED_BY_CHECK[
    enhanced ? 'enhanced_identity_verification' : 'identity_verification'
  ].filter((kind) => !collectedDocuments.includes(kind));
  const status: IdentityDetails['status'] = scenario.ssnMismatch
    ? 'D'
    : scenario.unverifiable || scenario.review || missing.length > 0
      ? 'R'
      : 'A';
  const faceMatch = scenario.review ? rng.int(68, 78) : rng.int(92, 99);
  const licence = information.license_number?.trim();
  const lastDigits = licence && licence.length >= 4 ? licence.slice(-4) : rng.digits(4);
  const details: IdentityDetails = {
    kind: 'identity',
    level,
    status,
    collected,
    document: collected.identity_document
      ? {
          type: licence ? 'Driver licence' : 'Identity document',
          issuing_country: (licence ? countryOfRegion(information.license_prov_state) : null) ?? location.country,
          issuing_province_state: licence ? (information.license_prov_state ?? location.province_state) : null,
          number_last4: lastDigits,
          expiry_date: daysAfter(now, rng.int(180, 1800)),
        }
      : null,
    document_authentic: collected.identity_document ? !scenario.unverifiable : null,
    face_match_score: comparesFaces ? faceMatch : null,
    liveness_passed: enhanced && collected.selfie ? true : null,
    data_match: !scenario.ssnMismatch && !(scenario.unverifiable && !collected.identity_document),
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
    findings.push({
      outcome: 'REVIEW',
      redFlags: [
        collected.identity_document
          ? 'The identity document could not be authenticated'
          : 'The name, date of birth and address could not be matched to the records checked',
      ],
    });
  if (scenario.review)
    findings.push({
      outcome: 'REVIEW',
      redFlags: [
        comparesFaces
          ? `The selfie matches the ID photo only in part (${faceMatch}%)`
          : 'The name, date of birth and address match the records checked only in part',
      ],
    });
  if (missing.length > 0)
    findings.push({
      outcome: 'REVIEW',
      redFlags: [
        `Identity not verified: no ${missing.map((kind) => DOCUMENT_NAMES[kind]).join(' and no ')} was collected (invite the applicant to upload ${missing.length > 1 ? 'them' : 'one'} in the portal)`,
      ],
    });
  if (findings.length === 0) {
    findings.push({
      outcome: 'CLEAR',
      greenFlags: [
        ...(collected.identity_document ? [`${details.document?.type} authentic`] : []),
        ...(comparesFaces ? [`Selfie matches the ID photo (${faceMatch}%)`] : []),
        ...(enhanced && collected.selfie ? ['Liveness confirmed'] : []),
        'Name, date of birth and address match the records checked',
        ...(enhanced ? ['Identity confirmed against authoritative records'] : []),
      ],
    });
  }
  return simulatedCheck(context, details, findings);
}
