import { MIN_PASSWORD_LENGTH } from '@svc/domain';
import { escapeHtml } from '@svc/domain';

const STYLES = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1.0625rem;line-height:1.5;color:#1f2937;background:#f3f4f6}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d1d5db;border-radius:8px}
h1{font-size:1.6rem;margin:0 0 1rem}label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{display:block;width:100%;box-sizing:border-box;font:inherit;padding:.45rem .55rem;border:2px solid #4b5563;border-radius:4px}
button{font:inherit;font-weight:600;margin-top:1.25rem;padding:.6rem 1.1rem;border-radius:4px;border:2px solid #047857;background:#047857;color:#fff;cursor:pointer}
.error{border:3px solid #b91c1c;padding:.5rem 1rem;color:#b91c1c;font-weight:700}.hint{color:#4b5563}
:focus-visible{outline:3px solid #111827;outline-offset:2px}`;

/** A whole account page: no script, inline styles only (the Content-Security-Policy of account/index.ts). */
export function accountPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · svc</title><style>${STYLES}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const errorBox = (errors: readonly string[]) =>
  errors.length === 0
    ? ''
    : `<div class="error" role="alert"><ul>${errors.map((error) => `<li>${escapeHtml(error)}</li>`).join('')}</ul></div>`;

export function setPasswordPage({
  email,
  formToken,
  errors = [],
}: {
  email: string;
  formToken: string;
  errors?: readonly string[];
}): string {
  return accountPage(
    'Set your password',
    `${errorBox(errors)}<p>For <strong>${escapeHtml(email)}</strong>. At least ${MIN_PASSWORD_LENGTH} characters; a long phrase is easier to remember than a short jumble. The most common passwords are refused.</p>
<form method="post" autocomplete="off"><input type="hidden" name="form_token" value="${escapeHtml(formToken)}">
<input type="email" name="username" value="${escapeHtml(email)}" autocomplete="username" hidden>
<label for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
<label for="confirmation">The same password again</label><input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required>
<button type="submit">Set password</button></form>`,
  );
}

export const passwordSetPage = (): string =>
  accountPage(
    'Your password is set',
    '<p>Log in to the svc API with your email and this password (<code>POST /api/v1/authenticate/</code> with HTTP Basic). Any session you had before has ended.</p>',
  );

export const deadLinkPage = (): string =>
  accountPage(
    'This link no longer works',
    '<p>A set-password link works once, for 24 hours. <a href="/account/forgot-password">Ask for a new link</a>, or ask your account’s administrator to send one.</p>',
  );

export const forgotPasswordPage = ({
  formToken,
  errors = [],
}: {
  formToken: string;
  errors?: readonly string[];
}): string =>
  accountPage(
    'Forgot your password?',
    `${errorBox(errors)}<p>Give the email you log in with: if an account uses it, we email it a link to set a new password (valid 24 hours, once).</p>
<form method="post"><input type="hidden" name="form_token" value="${escapeHtml(formToken)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" maxlength="254" required>
<button type="submit">Email me a link</button></form>`,
  );

export const linkRequestedPage = (): string =>
  accountPage(
    'Check your email',
    '<p>If an account uses this address, a link to set its password is on its way. It works once, for 24 hours.</p>',
  );

export const refusedPage = (title: string, detail: string): string =>
  accountPage(title, `<p>${escapeHtml(detail)}</p>`);
