import { writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEncryptionKey } from '@svc/config';
import { median } from './load.js';
import { authorised } from './http.js';
import { createBenchDatabase, startApiProcess } from './stack.js';
import { createDatabase } from '@svc/db';
import { applicantSearchTerms, createFieldCipher, useEncryptionKey } from '@svc/db/crypto';
import { listApplicants, type ApplicantListFilters } from '@svc/services';

export const name = 'list';

const TOTAL = 1_000_000;
const OF_THE_TEAM = 100_000;
const PAGE_SIZE = 100;
const SAMPLES = 30;

/** A day in milliseconds: the created range of the filtered page. */
const DAY = 86_400_000;
/** The team's rows are one every TOTAL / OF_THE_TEAM seconds: those of a day. */
const DAY_OF_THE_TEAM = DAY / 1000 / (TOTAL / OF_THE_TEAM);

/**
 * Lists of a big account: a PM team holding 100,000 applications among 1,000,000 of the partner (seeded with one
 * bulk statement; the team's rows then get their personal data encrypted and their blind index as the API writes
 * them), page 1 and the last page of `GET /api/v1/pm/applicants/?application__team__id=…`, p50 of each, from an API
 * process as configured by default and from one with its read cache off. From the latter: a filtered page (the team's
 * `Returned` applicants created during one day) and a search by exact email over the partner; and the same two from
 * the database alone, the list use case called in this process (what the filters and the indexes cost, without the
 * answer's presenting and its 343 kB through HTTP).
 */
export async function run(): Promise<Record<string, number>> {
  const database = createBenchDatabase('list');
  const api = await startApiProcess(database);
  try {
    const { account } = database;
    const headers = authorised(account.api_keys.live);
    const otherTeam = await fetch(`${api.url}/api/v1/teams/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Bench other team',
        type: 'PM',
        country: 'CA',
        province_state: 'ON',
        superteam: database.sql(`SELECT superteam_id FROM teams WHERE id = '${account.teams.pm}'`),
        pre_pay: false,
      }),
    });
    if (otherTeam.status !== 201) throw new Error(`team not created: ${await otherTeam.text()}`);
    const otherTeamId = ((await otherTeam.json()) as { id: string }).id;
    // One statement: the applications, then their applicants; one in ten belongs to the measured team.
    database.sql(`
      WITH created AS (
        INSERT INTO applications (id, partner_id, environment, team_id, owner_id, kind, email, created, modified)
        SELECT gen_random_uuid(), '${account.partner_id}', 'live',
               CASE WHEN g % ${TOTAL / OF_THE_TEAM} = 0 THEN '${account.teams.pm}'::uuid ELSE '${otherTeamId}'::uuid END,
               '${account.users.pm}', 'PM', '${UNREAD}',
               now() - make_interval(secs => ${TOTAL} - g), now()
        FROM generate_series(1, ${TOTAL}) AS g
        RETURNING id, team_id, owner_id, email, created
      )
      INSERT INTO applicants (id, application_id, partner_id, environment, team_id, owner_id, kind, short_uid, email, status, report_status, order_status,
                              is_submitted, is_quick_screen, requested_flags, country, information, order_parameters, information_id, report_version, returned_at, created, modified, last_updated)
      SELECT gen_random_uuid(), id, '${account.partner_id}', 'live', team_id, owner_id, 'PM', substr(replace(id::text, '-', ''), 1, 16), email, 'Returned', 'COMPLETE', 'COMPLETE',
             true, true, '["request_softcheck"]'::jsonb, 'CA', '${UNREAD}', '${UNREAD}', gen_random_uuid(), 1, created, created, created, created
      FROM created`);
    const searched = sealTeamRows(database, account.teams.pm);
    // The steady state of a table that size: autovacuum has set its visibility map and statistics.
    database.sql('VACUUM ANALYZE');

    const lastPage = Math.ceil(OF_THE_TEAM / PAGE_SIZE);
    const cached = await pagesOf(api.url, headers, account.teams.pm, lastPage);
    // The same pages with every request reading PostgreSQL: what the read cache saves.
    const uncachedApi = await startApiProcess(database, { SVC_READ_CACHE_SECONDS: '0' });
    try {
      const uncached = await pagesOf(uncachedApi.url, headers, account.teams.pm, lastPage);
      // The team's rows are one every TOTAL / OF_THE_TEAM seconds up to the newest: a day holds DAY / 1000 / that.
      const newest = Number(
        database.sql(
          `SELECT (extract(epoch FROM max(created)) * 1000)::bigint FROM applicants WHERE team_id = '${account.teams.pm}'`,
        ),
      );
      const day = { from: new Date(newest - 5 * DAY), before: new Date(newest - 4 * DAY) };
      const filtered = await p50Of(
        uncachedApi.url,
        headers,
        `application__team__id=${account.teams.pm}&status=Returned&created_after=${day.from.toISOString()}&created_before=${day.before.toISOString()}&page_size=${PAGE_SIZE}`,
        (body) => body.count === DAY_OF_THE_TEAM && body.results?.length === PAGE_SIZE,
      );
      const byEmail = await p50Of(
        uncachedApi.url,
        headers,
        `email=${encodeURIComponent(searched.email.toUpperCase())}`,
        (body) =>
          body.count === 1 &&
          body.results?.[0]?.id === searched.id &&
          body.results[0].applicant_account?.email === searched.email,
      );
      const fromDatabase = await databaseP50s(database.url, account.partner_id, {
        filtered: {
          filters: { teamId: account.teams.pm, status: 'Returned', createdFrom: day.from, createdBefore: day.before },
          expected: (page) => page.count === DAY_OF_THE_TEAM && page.rows.length === PAGE_SIZE,
        },
        byEmail: {
          filters: { email: searched.email.toUpperCase() },
          expected: (page) => page.count === 1 && page.rows[0]?.applicant.email === searched.email,
        },
      });
      return {
        list_first_page_ms: cached.first,
        list_deep_page_ms: cached.deep,
        list_first_page_uncached_ms: uncached.first,
        list_deep_page_uncached_ms: uncached.deep,
        list_filtered_page_uncached_ms: filtered,
        list_email_search_uncached_ms: byEmail,
        list_filtered_page_database_ms: fromDatabase.filtered,
        list_email_search_database_ms: fromDatabase.byEmail,
      };
    } finally {
      await uncachedApi.stop();
    }
  } finally {
    await api.stop();
    database.drop();
  }
}

/** What the rows no list of the bench reads hold in their encrypted columns (never decrypted). */
const UNREAD = 'v2:unread';

/**
 * The measured team's rows, with their email and information encrypted with the deployment's key and bound to each
 * row, and their blind index (`search_terms`) computed by svc's own function under that key, as the API writes them:
 * written to a file, copied into a staging table, set in one statement per table. Answers one applicant's email.
 */
function sealTeamRows(database: ReturnType<typeof createBenchDatabase>, teamId: string): { id: string; email: string } {
  const key = parseEncryptionKey(database.environment.SVC_ENCRYPTION_KEY!);
  const cipher = createFieldCipher(key);
  useEncryptionKey(key);
  const partnerId = database.account.partner_id;
  const rows = database
    .sql(`SELECT id || ',' || application_id FROM applicants WHERE team_id = '${teamId}'`)
    .split('\n');
  const file = join(tmpdir(), `svc-bench-sealed-${process.pid}.csv`);
  const csv = rows.map((row, index) => {
    const [id, applicationId] = row.split(',') as [string, string];
    const email = `tenant${index}@example.com`;
    const information = { first_name: 'Sam', last_name: 'Tenant' };
    const terms = applicantSearchTerms({ partnerId, email, phoneNumber: null, information });
    const sealed = [
      cipher.encrypt(email, `applicants.email:${id}`),
      cipher.encrypt(JSON.stringify(information), `applicants.information:${id}`),
      cipher.encrypt('{}', `applicants.order_parameters:${id}`),
      cipher.encrypt(email, `applications.email:${applicationId}`),
    ];
    return [id, applicationId, ...sealed, `"{${terms.join(',')}}"`].join(',');
  });
  writeFileSync(file, `${csv.join('\n')}\n`);
  try {
    database.sql(
      'CREATE TABLE bench_sealed (id uuid, application_id uuid, email text, information text, order_parameters text, application_email text, search_terms text[])',
    );
    database.sql(`\\copy bench_sealed FROM '${file}' WITH (FORMAT csv)`);
    database.sql(
      'UPDATE applicants a SET email = s.email, information = s.information, order_parameters = s.order_parameters, search_terms = s.search_terms FROM bench_sealed s WHERE a.id = s.id',
    );
    database.sql(
      'UPDATE applications p SET email = s.application_email FROM bench_sealed s WHERE p.id = s.application_id',
    );
    database.sql('DROP TABLE bench_sealed');
  } finally {
    rmSync(file, { force: true });
  }
  // One in the middle of the team's rows.
  const [id] = rows[Math.floor(rows.length / 2)]!.split(',') as [string];
  return { id, email: `tenant${Math.floor(rows.length / 2)}@example.com` };
}

/** p50 of page 1 and of the last page of the team's list on the API at `url` (each page read whole and checked). */
async function pagesOf(
  url: string,
  headers: Record<string, string>,
  teamId: string,
  lastPage: number,
): Promise<{ first: number; deep: number }> {
  const list = (page: number) =>
    `${url}/api/v1/pm/applicants/?application__team__id=${teamId}&page_size=${PAGE_SIZE}&page=${page}`;
  // The seeding outlived the server's keep-alive: a pooled connection it closed fails once; warm-up retries it.
  await fetch(list(1), { headers }).then(
    (response) => response.arrayBuffer(),
    () => undefined,
  );
  const timed = async (page: string) => {
    const started = performance.now();
    const response = await fetch(page, { headers });
    const body = (await response.json()) as { count?: number; results?: unknown[] };
    if (response.status !== 200 || body.count !== OF_THE_TEAM || body.results?.length !== PAGE_SIZE)
      throw new Error(`unexpected list answer ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return performance.now() - started;
  };
  for (let warm = 0; warm < 5; warm += 1) {
    await timed(list(1));
    await timed(list(lastPage));
  }
  const first: number[] = [];
  const deep: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    first.push(await timed(list(1)));
    deep.push(await timed(list(lastPage)));
  }
  return { first: Number(median(first).toFixed(1)), deep: Number(median(deep).toFixed(1)) };
}

type ListAnswer = { count?: number; results?: { id?: string; applicant_account?: { email?: string } }[] };

/** p50 of a list of the PM applicants narrowed by `query`, each answer read whole and `expected` of it checked. */
async function p50Of(
  url: string,
  headers: Record<string, string>,
  query: string,
  expected: (body: ListAnswer) => boolean,
): Promise<number> {
  const timed = async () => {
    const started = performance.now();
    const response = await fetch(`${url}/api/v1/pm/applicants/?${query}`, { headers });
    const body = (await response.json()) as ListAnswer;
    if (response.status !== 200 || !expected(body))
      throw new Error(`unexpected list answer ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return performance.now() - started;
  };
  for (let warm = 0; warm < 5; warm += 1) await timed();
  const samples: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) samples.push(await timed());
  return Number(median(samples).toFixed(1));
}

type Page = Awaited<ReturnType<typeof listApplicants>>;

/**
 * p50 of each list of the PM applicants narrowed by its filters, read by the list use case itself on a database
 * handle of this process (as the API's own, with the deployment's key), each page checked by `expected`.
 */
async function databaseP50s<Name extends string>(
  url: string,
  partnerId: string,
  lists: Record<Name, { filters: ApplicantListFilters; expected: (page: Page) => boolean }>,
): Promise<Record<Name, number>> {
  const db = await createDatabase({ url });
  try {
    const scope = { partnerId, environment: 'live', kind: 'PM' } as const;
    const p50s = {} as Record<Name, number>;
    for (const [name, { filters, expected }] of Object.entries(lists) as [Name, (typeof lists)[Name]][]) {
      const timed = async () => {
        const started = performance.now();
        const page = await listApplicants(db, { scope, filters, offset: 0, limit: PAGE_SIZE });
        if (!expected(page)) throw new Error(`unexpected page of ${name}: ${page.count} applicants`);
        return performance.now() - started;
      };
      for (let warm = 0; warm < 5; warm += 1) await timed();
      const samples: number[] = [];
      for (let sample = 0; sample < SAMPLES; sample += 1) samples.push(await timed());
      p50s[name] = Number(median(samples).toFixed(1));
    }
    return p50s;
  } finally {
    await db.close();
  }
}
