import { median } from './load.js';
import { authorised } from './http.js';
import { createBenchDatabase, startApiProcess } from './stack.js';

export const name = 'list';

const TOTAL = 1_000_000;
const OF_THE_TEAM = 100_000;
const PAGE_SIZE = 100;
const SAMPLES = 30;

/**
 * Lists of a big account: a PM team holding 100,000 applications among 1,000,000 of the partner (seeded with one
 * bulk statement), page 1 and the last page of `GET /api/v1/pm/applicants/?application__team__id=…`, p50 of each.
 */
export async function run(): Promise<Record<string, number>> {
  const database = createBenchDatabase('list');
  const api = await startApiProcess(database, 3921);
  try {
    const { account } = database;
    const headers = authorised(account.api_keys.live);
    const otherTeam = await fetch(`${api.url}/api/v1/teams/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bench other team', type: 'PM', country: 'CA', province_state: 'ON', superteam: database.sql(`SELECT superteam_id FROM teams WHERE id = '${account.teams.pm}'`), pre_pay: false }),
    });
    if (otherTeam.status !== 201) throw new Error(`team not created: ${await otherTeam.text()}`);
    const otherTeamId = ((await otherTeam.json()) as { id: string }).id;
    // One statement: the applications, then their applicants; one in ten belongs to the measured team.
    database.sql(`
      WITH created AS (
        INSERT INTO applications (id, partner_id, environment, team_id, owner_id, kind, email, created, modified)
        SELECT gen_random_uuid(), '${account.partner_id}', 'live',
               CASE WHEN g % ${TOTAL / OF_THE_TEAM} = 0 THEN '${account.teams.pm}'::uuid ELSE '${otherTeamId}'::uuid END,
               '${account.users.pm}', 'PM', 'tenant' || g || '@example.com',
               now() - make_interval(secs => ${TOTAL} - g), now()
        FROM generate_series(1, ${TOTAL}) AS g
        RETURNING id, team_id, owner_id, email, created
      )
      INSERT INTO applicants (id, application_id, partner_id, environment, team_id, owner_id, kind, short_uid, email, status, report_status, order_status,
                              is_submitted, is_quick_screen, requested_flags, country, information, information_id, report_version, returned_at, created, modified, last_updated)
      SELECT gen_random_uuid(), id, '${account.partner_id}', 'live', team_id, owner_id, 'PM', substr(replace(id::text, '-', ''), 1, 16), email, 'Returned', 'COMPLETE', 'COMPLETE',
             true, true, '["request_softcheck"]'::jsonb, 'CA', '{"first_name": "Sam", "last_name": "Tenant"}'::jsonb, gen_random_uuid(), 1, created, created, created, created
      FROM created`);
    // The steady state of a table that size: autovacuum has set its visibility map and statistics.
    database.sql('VACUUM ANALYZE');

    const list = (page: number) => `${api.url}/api/v1/pm/applicants/?application__team__id=${account.teams.pm}&page_size=${PAGE_SIZE}&page=${page}`;
    const lastPage = Math.ceil(OF_THE_TEAM / PAGE_SIZE);
    // The seeding outlived the server's keep-alive: a pooled connection it closed fails once; warm-up retries it.
    await fetch(list(1), { headers }).then((response) => response.arrayBuffer(), () => undefined);
    const timed = async (url: string) => {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const body = (await response.json()) as { count?: number; results?: unknown[] };
      if (response.status !== 200 || body.count !== OF_THE_TEAM || body.results?.length !== PAGE_SIZE) throw new Error(`unexpected list answer ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
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
    return { list_first_page_ms: Number(median(first).toFixed(1)), list_deep_page_ms: Number(median(deep).toFixed(1)) };
  } finally {
    await api.stop();
    database.drop();
  }
}
