import { outboxMessagesOfApplicant, type Database } from '@svc/db';

// Reading and posting the applicant portal's form over plain HTTP, as a browser without JavaScript would.

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
const attributeOf = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1] ?? '') : undefined;
};

/**
 * The fields a browser would post for the page's form as it stands: text, date, hidden and checked inputs, selected
 * options. Buttons are left out (the caller names the one pressed).
 */
export function formFieldsOf(html: string): Record<string, string> {
  const form = /<form[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
  const fields: Record<string, string> = {};
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attributeOf(tag, 'name');
    const type = attributeOf(tag, 'type') ?? 'text';
    if (!name) continue;
    if (type === 'checkbox') {
      if (/\schecked\b/.test(tag)) fields[name] = attributeOf(tag, 'value') ?? 'on';
    } else {
      fields[name] = attributeOf(tag, 'value') ?? '';
    }
  }
  for (const [select, opening = ''] of form.matchAll(/(<select\b[^>]*>)[\s\S]*?<\/select>/g)) {
    const name = attributeOf(opening, 'name');
    const selected = /<option value="([^"]*)" selected>/.exec(select)?.[1] ?? '';
    if (name) fields[name] = decode(selected);
  }
  return fields;
}

export type PortalAnswer = { status: number; html: string; headers: Headers };

export async function getPage(url: string): Promise<PortalAnswer> {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** Posts `fields` as the form does (urlencoded), from the page's own origin unless told otherwise. */
export async function postPage(
  url: string,
  fields: Record<string, string>,
  { origin = new URL(url).origin, headers = {} }: { origin?: string | null; headers?: Record<string, string> } = {},
): Promise<PortalAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** The onboarding link of an applicant, taken from the invitation email in the outbox. */
export async function linkFromOutbox(db: Database, applicantId: string): Promise<string> {
  const [email] = await outboxMessagesOfApplicant({ manager: db.dataSource.manager, applicantId });
  const link = email?.textBody.match(/https?:\/\/\S+\/apply\/[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no invitation email with a link for applicant ${applicantId}`);
  return link;
}

/** The ids of the error summary's links, in order. */
export const summaryTargets = (html: string): string[] =>
  [...(/<div class="error-summary"[\s\S]*?<\/div>/.exec(html)?.[0] ?? '').matchAll(/href="#([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
