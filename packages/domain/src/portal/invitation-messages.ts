import { escapeHtml } from './html.js';
import { formatDate, translate, type PortalLanguage } from './messages.js';
import type { StoredTeamSettings } from './documents.js';

/** svc's own colour, for emails that are not white-labelled and for teams without a valid colour. */
export const SVC_BRAND_COLOUR = '#1d4ed8';

/** How an invitation looks: the team's white-label settings, or svc's branding. */
export type EmailBranding = {
  readonly whitelabel: boolean;
  /** Who invites: `get_org_name`, else `org_name`, else the team's name. Named in every email. */
  readonly organisation: string;
  /** Header and button colour, `#rrggbb`. */
  readonly colour: string;
  /** Text on `colour`: white or near-black, whichever reads better (WCAG contrast). */
  readonly textColour: string;
  /** The organisation's logo (an https URL), shown only when white-labelled. */
  readonly logoUrl: string | null;
};

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The organisation an applicant is screened for, as invitations and the portal name it. */
export const organisationName = ({ settings, teamName }: { settings: StoredTeamSettings; teamName: string }): string =>
  nonEmpty(settings.get_org_name) ?? nonEmpty(settings.org_name) ?? teamName;

function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red, green, blue] = channels.map((channel) =>
    channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

const contrast = (first: number, second: number): number =>
  (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);

/** White text when it meets 4.5:1 on `colour`, else near-black. */
export function readableTextOn(colour: string): string {
  return contrast(relativeLuminance(colour), 1) >= 4.5 ? '#ffffff' : '#111827';
}

const isHttpsUrl = (value: string): boolean => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

export function emailBrandingOf({
  settings,
  teamName,
}: {
  settings: StoredTeamSettings;
  teamName: string;
}): EmailBranding {
  const organisation = organisationName({ settings, teamName });
  const whitelabel = settings.whitelabel_emails === true;
  const teamColour = nonEmpty(settings.org_primary_color);
  const colour =
    whitelabel && teamColour && /^#[0-9a-f]{6}$/i.test(teamColour) ? teamColour.toLowerCase() : SVC_BRAND_COLOUR;
  const logo = nonEmpty(settings.org_logo_link);
  return {
    whitelabel,
    organisation,
    colour,
    textColour: readableTextOn(colour),
    logoUrl: whitelabel && logo && isHttpsUrl(logo) ? logo : null,
  };
}

/** What an invitation says to one applicant. */
export type InvitationContent = {
  readonly language: PortalLanguage;
  readonly branding: EmailBranding;
  /** The applicant's first name when the invitation pre-filled it; never another applicant's. */
  readonly firstName: string | null;
  readonly link: string;
  /** Last day the link works (YYYY-MM-DD). */
  readonly expiresOn: string;
  readonly isCosigner: boolean;
};

export type InvitationEmail = { subject: string; text: string; html: string; senderName: string };

/** The invitation email: a plain-text part and an accessible HTML part (inline styles, lang, alt text, real link text). */
export function invitationEmail({
  language,
  branding,
  firstName,
  link,
  expiresOn,
  isCosigner,
}: InvitationContent): InvitationEmail {
  const { organisation } = branding;
  const t = (key: Parameters<typeof translate>[1], params: Record<string, string> = {}) =>
    translate(language, key, { organisation, ...params });
  const subject = t('email.subject');
  const greeting = firstName ? t('email.greeting', { name: firstName }) : t('email.greeting_anonymous');
  const body = t(isCosigner ? 'email.body_cosigner' : 'email.body');
  const expiry = t('email.expiry', { date: formatDate(language, expiresOn) });
  const footer = t(branding.whitelabel ? 'email.footer_whitelabel' : 'email.footer');
  const text = [greeting, body, link, expiry, t('email.ignore'), `-- \n${footer}`].join('\n\n').concat('\n');

  const escaped = (value: string) => escapeHtml(value);
  const href = escapeHtml(link);
  const header = branding.logoUrl
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${escaped(organisation)}" height="40" style="display:block;height:40px;max-width:240px;border:0;">`
    : escaped(branding.whitelabel ? organisation : 'svc');
  const paragraph = (content: string, style = '') => `<p style="margin:0 0 16px 0;${style}">${content}</p>`;
  const html = `<!DOCTYPE html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escaped(subject)}</title></head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f3f4f6;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#111827;">
<tr><td style="background-color:${branding.colour};color:${branding.textColour};padding:20px 24px;border-radius:8px 8px 0 0;font-size:20px;font-weight:bold;">${header}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5;">
${paragraph(escaped(greeting))}
${paragraph(escaped(body))}
<p style="margin:28px 0;"><a href="${href}" style="background-color:${branding.colour};color:${branding.textColour};padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block;">${escaped(t('email.button'))}</a></p>
${paragraph(`${escaped(t('email.copy_link'))}<br><a href="${href}" style="color:#1d4ed8;word-break:break-all;">${href}</a>`, 'font-size:14px;')}
${paragraph(escaped(expiry))}
${paragraph(escaped(t('email.ignore')), 'color:#4b5563;font-size:14px;')}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;color:#4b5563;font-size:13px;">${escaped(footer)}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject, text, html, senderName: branding.whitelabel ? organisation : 'svc' };
}

/** The invitation SMS: one line with the link. */
export function invitationSms({
  language,
  branding,
  link,
  expiresOn,
}: Pick<InvitationContent, 'language' | 'branding' | 'link' | 'expiresOn'>): string {
  return translate(language, 'sms.invitation', {
    organisation: branding.organisation,
    link,
    date: formatDate(language, expiresOn),
  });
}
