import { hashOnboardingToken } from '@svc/services';
import { hasProcessSignature, signWithProcessKey } from '@svc/db/crypto';

const PURPOSE = 'portal-form';
/** How long a page's form may be posted after it was served. */
const FORM_TOKEN_HOURS = 12;

/**
 * The form token of a page (against cross-site request forgery, with the same-origin check): when the page was
 * served and an HMAC binding that time to this link, with a key derived from the encryption key (so any API process
 * of a deployment verifies it). No state is stored.
 */
export function issueFormToken({ token, now }: { token: string; now: Date }): string {
  const issued = Math.floor(now.getTime() / 1000);
  return `${issued}.${signWithProcessKey({ purpose: PURPOSE, data: `${hashOnboardingToken(token)}.${issued}` })}`;
}

/**
 * When the page of a posted form token was served (the consent records it), if the token was issued for this link
 * less than FORM_TOKEN_HOURS ago; null for any other token.
 */
export function formIssuedAt({ token, formToken, now }: { token: string; formToken: unknown; now: Date }): Date | null {
  if (typeof formToken !== 'string') return null;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(formToken);
  if (!match) return null;
  const issued = Number(match[1]);
  const age = now.getTime() / 1000 - issued;
  if (age < -60 || age > FORM_TOKEN_HOURS * 3600) return null;
  return hasProcessSignature({
    purpose: PURPOSE,
    data: `${hashOnboardingToken(token)}.${issued}`,
    signature: match[2]!,
  })
    ? new Date(issued * 1000)
    : null;
}
