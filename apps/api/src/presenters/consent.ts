import type { CheckName, HrApplication } from '@svc/contract';
import type { ApplicantConsent } from '@svc/services';

/**
 * The consent of the record: as the portal stored it with the submission, null before (a US applicant's steps
 * before the form are kept in the same column, but are not a consent until submitted) and for a quick screen.
 */
export function presentConsent(stored: string | null): HrApplication['consent'] {
  if (!stored) return null;
  let consent: Partial<ApplicantConsent>;
  try {
    consent = JSON.parse(stored) as Partial<ApplicantConsent>;
  } catch {
    return null;
  }
  if (!consent.given_at || !consent.form_issued_at || !consent.full_name || !consent.signed_on) return null;
  const authorization = consent.us_fcra?.authorization;
  return {
    full_name: consent.full_name,
    signed_on: consent.signed_on,
    given_at: consent.given_at,
    form_issued_at: consent.form_issued_at,
    client_address: consent.client_address ?? null,
    user_agent: consent.user_agent ?? null,
    language: consent.language ?? 'en',
    checks: [...(consent.checks ?? [])] as CheckName[],
    us_fcra:
      consent.us_fcra && authorization
        ? {
            disclosure_version: consent.us_fcra.disclosure_version,
            disclosure_acknowledged_at: consent.us_fcra.disclosure_acknowledged_at,
            summary_of_rights_version: authorization.summary_of_rights_version,
            authorized_at: authorization.authorized_at,
            client_address: authorization.client_address,
            user_agent: authorization.user_agent,
          }
        : null,
  };
}
