import { hasProcessSignature, signWithProcessKey } from '@svc/db/crypto';
/** How long a hosted report link works (DESIGN.md section 7). */
export const REPORT_LINK_TTL_MS = 60 * 60 * 1000;

/** What a hosted report link grants: one version of one applicant's PDF, until `expiresAt`. */
export type ReportLinkGrant = { applicantId: string; version: number; expiresAt: Date };

export type ReportLinkCheck = { ok: true; grant: ReportLinkGrant } | { ok: false; reason: 'invalid' | 'expired' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const PURPOSE = 'report-link';

/**
 * The token of a hosted report link: `<applicant id>.<version>.<expiry, unix seconds>.<HMAC-SHA256, base64url>`,
 * signed with the process key (derived from the encryption key), so any API process can check it and nothing is stored.
 */
export function signReportLink({ applicantId, version, expiresAt }: ReportLinkGrant): string {
  const payload = `${applicantId}.${version}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${signWithProcessKey({ purpose: PURPOSE, data: payload })}`;
}

/** Checks a token: an altered or malformed one is `invalid` (404), a genuine one past its hour `expired` (410). */
export function verifyReportLink(token: string, now: Date): ReportLinkCheck {
  const parts = token.split('.');
  if (parts.length !== 4) return { ok: false, reason: 'invalid' };
  const [applicantId = '', version = '', expiry = '', signature = ''] = parts;
  if (!UUID.test(applicantId) || !/^[1-9][0-9]{0,8}$/.test(version) || !/^[0-9]{1,12}$/.test(expiry))
    return { ok: false, reason: 'invalid' };
  if (!hasProcessSignature({ purpose: PURPOSE, data: `${applicantId}.${version}.${expiry}`, signature }))
    return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(Number(expiry) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, grant: { applicantId, version: Number(version), expiresAt } };
}
