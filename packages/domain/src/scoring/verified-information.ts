import type { VerificationDetails } from '../simulator/types.js';
import { detailsOfKind, type CheckRun } from './check-runs.js';

type Entry = Record<string, unknown>;

/** Where each verification's entries are written back: the information list it verified, entry by entry. */
const LIST_OF_AREA = { employment: 'employers', education: 'educations', credential: 'credentials' } as const;

/** What a verified entry says of one information entry. */
function outcomeOf(details: VerificationDetails, index: number): Entry | null {
  const found = details.entries[index];
  if (!found) return null;
  const { svc_verification, verification_notes } = found.verification;
  const written: Entry = { svc_verification, verification_notes };
  if (details.area === 'education') written.degree_verified = details.entries[index]!.verification.degree_verified;
  return written;
}

/**
 * The applicant's information with what the completed employment, education and credential verifications found
 * written into the entries they verified (each lists its entries in the information's order): `svc_verification`
 * and `verification_notes`, and an education's `degree.verified` (true only when the degree was confirmed). Entries
 * no verification looked at, and every other field, are as given. Nothing is changed in place.
 */
export function informationWithVerifications<I extends Record<string, unknown>>(
  information: I,
  checks: readonly CheckRun[],
): I {
  const completed = checks.flatMap((check) =>
    check.status === 'COMPLETE' && check.simulated ? [check.simulated] : [],
  );
  const verifications = detailsOfKind(completed, 'verification');
  if (verifications.length === 0) return information;
  const written: Record<string, unknown> = { ...information };
  for (const details of verifications) {
    const list = LIST_OF_AREA[details.area];
    const entries = written[list];
    if (!Array.isArray(entries)) continue;
    written[list] = entries.map((entry: unknown, index) => {
      const outcome = outcomeOf(details, index);
      if (!outcome || entry === null || typeof entry !== 'object') return entry;
      const { degree_verified: degreeVerified, ...verification } = outcome;
      const merged: Entry = { ...(entry as Entry), ...verification };
      const degree = merged.degree;
      if (degreeVerified !== undefined && degree !== null && typeof degree === 'object')
        merged.degree = { ...(degree as Entry), verified: degreeVerified === true };
      return merged;
    });
  }
  return written as I;
}
