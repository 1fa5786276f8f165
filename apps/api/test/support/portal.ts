import { randomUUID } from 'node:crypto';
import type { SvcClient } from '@svc/contract';
import { type Database } from '@svc/db';
import { outboxMessagesOfApplicant, type BootstrappedAccount } from '@svc/services';

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

/** What an applicant types for a softcheck (name, date of birth, three years of addresses) and consent. */
export const completedFields = (
  fields: Record<string, string>,
  { first = 'Grace', last }: { first?: string; last: string },
) => ({
  ...fields,
  'identity.first_name': first,
  'identity.last_name': last,
  'identity.date_of_birth': '1985-12-10',
  'addresses.0.address': '1 Main St',
  'addresses.0.city': 'Toronto',
  'addresses.0.province_state': 'ON',
  'addresses.0.country': 'CA',
  'addresses.0.start_date': '2015-01-01',
  'consent.full_name': `${first} ${last}`,
  'consent.date': new Date().toISOString().slice(0, 10),
  'consent.agreed': 'yes',
});

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

/**
 * Every stored value (text, JSON, arrays and bytea columns of every table of svc and of the job queue) that holds one
 * of `needles` in clear, as `schema.table.column`, and how many values `applicant_documents` holds: a scan proving
 * that uploaded bytes are unreadable at rest.
 */
export async function columnsHolding(
  db: Database,
  needles: readonly Buffer[],
): Promise<{ holding: string[]; documentValues: number }> {
  const columns = (await db.dataSource.query(
    `SELECT table_schema, table_name, column_name, data_type FROM information_schema.columns JOIN information_schema.tables USING (table_schema, table_name)
      WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'pgboss') AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'bytea', 'ARRAY')`,
  )) as Array<{ table_schema: string; table_name: string; column_name: string; data_type: string }>;
  const holding: string[] = [];
  let documentValues = 0;
  for (const { table_schema: schema, table_name: table, column_name: column, data_type: type } of columns) {
    const rows = (await db.dataSource.query(
      `SELECT "${column}"${type === 'bytea' ? '' : '::text'} AS value FROM "${schema}"."${table}" WHERE "${column}" IS NOT NULL`,
    )) as Array<{ value: string | Uint8Array }>;
    for (const { value } of rows) {
      const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
      if (table === 'applicant_documents') documentValues += 1;
      // In clear as bytes, or written out in hex (as a bytea cast to text would be).
      if (needles.some((needle) => bytes.includes(needle) || bytes.toString('latin1').includes(needle.toString('hex'))))
        holding.push(`${schema}.${table}.${column}`);
    }
  }
  return { holding, documentValues };
}

/** An HR invitation of Grace (a new last name each time) ordering `flags`; her applicant id, email and onboarding link. */
export async function inviteToPortal(
  { client, account, db }: { client: SvcClient; account: BootstrappedAccount; db: Database },
  flags: Record<string, unknown>,
): Promise<{ applicantId: string; last: string; email: string; link: string }> {
  const last = `Hopper${randomUUID().slice(0, 6)}`;
  const email = `${last.toLowerCase()}@example.com`;
  const invited = await client.hr.invite({
    body: { owner_id: account.users.hr, email, information: { first_name: 'Grace', last_name: last }, ...flags },
  });
  if (invited.status !== 201) throw new Error(`not invited: ${JSON.stringify(invited.body)}`);
  const applicantId = invited.body.applicant.id;
  return { applicantId, last, email, link: await linkFromOutbox(db, applicantId) };
}
