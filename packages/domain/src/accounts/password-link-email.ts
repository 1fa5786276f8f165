import { escapeHtml } from '../portal/html.js';
import { MIN_PASSWORD_LENGTH } from './password-rules.js';

export type PasswordLinkEmail = { subject: string; text: string; html: string };

/**
 * The email carrying a set-password link: who it is for, where the link leads, how long it works, and what to do
 * when the reader did not ask for it. Plain words, no tracking, the link written out in full.
 */
export function passwordLinkEmail({
  firstName,
  link,
  hours,
}: {
  firstName: string;
  link: string;
  hours: number;
}): PasswordLinkEmail {
  const subject = 'Set your svc password';
  const lines = [
    `Hello ${firstName},`,
    '',
    `Use this link to set the password you log in to the svc API with (at least ${MIN_PASSWORD_LENGTH} characters). It works once, for ${hours} hours:`,
    '',
    link,
    '',
    'If you did not expect this email, ignore it: your password stays as it is.',
  ];
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,Arial,sans-serif;line-height:1.5;color:#1f2937">
<p>Hello ${escapeHtml(firstName)},</p>
<p>Use this link to set the password you log in to the svc API with (at least ${MIN_PASSWORD_LENGTH} characters). It works once, for ${hours} hours:</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>If you did not expect this email, ignore it: your password stays as it is.</p>
</body></html>`;
  return { subject, text: lines.join('\n'), html };
}
