import { type Database } from '@svc/db';
import { LEGAL_DOCUMENT_RENDER_QUEUE } from '@svc/services';
import { RETENTION_QUEUE } from '@svc/services';
import { Applicant } from '@svc/db/entities';

/**
 * Every table that holds a tenant's data (and the job queue). Left out on purpose: `idempotency_records` (a refused
 * request's answer is kept to be replayed, by design) and `rate_limit_buckets` (every request counts).
 */
export const TENANT_TABLES = [
  'partners',
  'superteams',
  'teams',
  'users',
  'api_keys',
  'password_links',
  'oauth_clients',
  'access_tokens',
  'packages',
  'reference_templates',
  'properties',
  'listings',
  'listing_notification_users',
  'applications',
  'applicants',
  'check_executions',
  'service_collections',
  'outbox_messages',
  'audit_log',
  'reports',
  'applicant_documents',
  'events',
  'webhook_endpoints',
  'webhook_attempts',
  'pgboss.job',
] as const;

/**
 * Rows of a table left out of the digest: the retention job's own jobs come from the clock (pg-boss cron, which
 * sends each due occurrence through its own `__pgboss__send-it` queue), and the print of the public summary of
 * rights from a worker's start, not from a tenant's requests.
 */
const ROWS_LEFT_OUT: Partial<Record<(typeof TENANT_TABLES)[number], string>> = {
  'pgboss.job': `WHERE t.name NOT IN ('${RETENTION_QUEUE}', '${LEGAL_DOCUMENT_RENDER_QUEUE}') AND NOT starts_with(t.name, '__pgboss__')`,
};

/** Tables compared by content, less a column: a key's `last_used_at` moves with every use, refused ones too. */
const ROW_TEXT: Partial<Record<(typeof TENANT_TABLES)[number], string>> = {
  api_keys: `(to_jsonb(t) - 'last_used_at')::text`,
};

/**
 * Row count and newest row version of every tenant table, in one statement: equal digests, no row written. An insert
 * or update writes a row version with a transaction id above every earlier one (`xmin`), and a delete lowers the
 * count; a statement rolled back leaves neither. Stricter than comparing contents (an update that rewrites a value
 * unchanged counts too), and over the fuzz test's 1,280 digests 3.3 s of PostgreSQL's time instead of 14.5 s for
 * md5 checksums of the sorted rows. Tables whose rows refused requests may rewrite (`ROW_TEXT`) are compared by
 * content, the columns those writes touch left out.
 */
export async function tenantStateDigest(db: Database): Promise<Record<string, string>> {
  const select = TENANT_TABLES.map((table) => {
    const row = ROW_TEXT[table];
    const version = row ? `sum(hashtextextended(${row}, 0)::numeric)` : `max(t.xmin::text::bigint)`;
    return `SELECT '${table}' AS name, count(*)::text || ':' || coalesce(${version}, 0)::text AS digest FROM ${table} t ${ROWS_LEFT_OUT[table] ?? ''}`;
  }).join(' UNION ALL ');
  const rows = (await db.dataSource.query(select)) as Array<{ name: string; digest: string }>;
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

/** A partner's applicants by email, oldest id first: emails are encrypted at rest, so they are read with the key. */
export async function applicantsByEmail(
  db: Database,
  partnerId: string,
): Promise<Map<string, Array<{ id: string; status: string }>>> {
  const applicants = await db.dataSource.manager.find(Applicant, {
    select: { id: true, email: true, status: true },
    where: { partnerId },
    order: { id: 'ASC' },
  });
  const byEmail = new Map<string, Array<{ id: string; status: string }>>();
  for (const { id, email, status } of applicants) byEmail.set(email, [...(byEmail.get(email) ?? []), { id, status }]);
  return byEmail;
}
