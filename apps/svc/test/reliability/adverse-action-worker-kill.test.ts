import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, startApi, type RunningApi } from '@svc/api';
import { createClient, type AdverseActionRecord, type SvcClient } from '@svc/contract';
import { runMigrations, type Database } from '@svc/db';
import { bootstrapPartner, type BootstrappedAccount } from '@svc/services';
import { databaseTargets, waitFor, type DatabaseTarget } from '@svc/db/testing';
import { agencyDetails, fullInformation } from '@svc/api/testing';
import { startApiProcess, type ApiProcess } from './support/api-process.js';
import { useEncryptionKey } from '@svc/db/crypto';

const postgresTarget = databaseTargets().find((target) => target.name === 'postgres');
/** The test clock of the worker processes: the waiting period lasts this many seconds. */
const WAITING_SECONDS = 8;

/**
 * The final notice of an adverse action is a pg-boss job due at the end of the waiting period, stored in PostgreSQL:
 * the worker that sent the pre-adverse notice is killed (SIGKILL) during the waiting period, no worker runs when it
 * ends, and the workers started afterwards (two, side by side) send the final notice exactly once.
 * PostgreSQL only: the workers are processes of their own sharing the database.
 */
describe.skipIf(!postgresTarget)('an adverse action’s final notice across a worker kill (PostgreSQL)', () => {
  const target = postgresTarget as DatabaseTarget;
  const key = randomBytes(32);
  let db: Database;
  let api: RunningApi;
  let account: BootstrappedAccount;
  let live: SvcClient;
  const workers: ApiProcess[] = [];
  let environment: Record<string, string>;
  beforeAll(async () => {
    useEncryptionKey(key);
    db = await target.open();
    await runMigrations(db);
    account = await bootstrapPartner(db, { name: 'Kill agency' });
    await db.dataSource.query(`UPDATE teams SET country = 'US', province_state = 'NY' WHERE id = $1`, [
      account.teams.hr,
    ]);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SVC_LIVE_SIMULATION: '1',
      // The test polls the record and the action; on a loaded machine that outlasts the default limit's burst.
      SVC_RATE_LIMIT_PER_MINUTE: '100000',
    });
    api = await startApi({ config, db, port: 0 });
    live = createClient({ baseUrl: api.url, apiKey: account.api_keys.live });
    expect((await live.consumerReportingAgency.replace({ body: agencyDetails('Kill agency') })).status).toBe(200);
    environment = {
      DATABASE_URL: (db.dataSource.options as { url: string }).url,
      SVC_ENCRYPTION_KEY: key.toString('hex'),
      SVC_PUBLIC_URL: api.url,
      SVC_SIMULATOR_DELAY_MS: '0',
      SVC_TEST_WAITING_PERIOD_SECONDS: String(WAITING_SECONDS),
      NODE_ENV: 'test',
      WORKER_POLLING_INTERVAL_SECONDS: '0.5',
      LOG_LEVEL: 'info',
    };
  });
  afterAll(async () => {
    for (const worker of workers) await worker.kill('SIGKILL');
    await api?.close();
    await target.dispose();
  });

  const startWorkerProcess = async () => {
    const worker = startApiProcess({ command: 'worker', environment, lines: [] });
    workers.push(worker);
    await worker.started;
    return worker;
  };
  const actionOf = async (applicantId: string, actionId: string) =>
    (await live.adverseActions.retrieve({ params: { applicant_id: applicantId, action_id: actionId } }))
      .body as AdverseActionRecord;
  const countOf = async (sql: string, parameters: unknown[]) =>
    Number(((await db.dataSource.query(sql, parameters)) as Array<{ count: string }>)[0]!.count);

  it('sends the final notice once when workers come back after the waiting period', async () => {
    const first = await startWorkerProcess();
    const created = await live.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        email: `${randomUUID()}@example.com`,
        information: { ...fullInformation(), date_of_birth: '1980-01-01' },
        position_or_property_location: {
          address: '1 Broadway',
          city: 'Albany',
          province_state: 'NY',
          country: 'US',
          postal_code: '12207',
        },
        request_us_criminal_record_check_tier_1: true,
      },
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    const applicantId = created.body.id;
    await waitFor(
      async () =>
        ((await live.hr.retrieveApplicant({ params: { applicant_id: applicantId } })).body as { status: string })
          .status === 'Returned',
    );
    const items = await live.adverseActions.listItems({ params: { applicant_id: applicantId } });
    if (items.status !== 200) throw new Error(JSON.stringify(items.body));
    const action = await live.adverseActions.create({
      params: { applicant_id: applicantId },
      body: { item_ids: [items.body.results[0]!.id] },
    });
    if (action.status !== 201) throw new Error(JSON.stringify(action.body));
    const actionId = action.body.id;
    await waitFor(async () => (await actionOf(applicantId, actionId)).state === 'awaiting_final');

    // Killed during the waiting period; the period ends while no worker runs.
    await first.kill('SIGKILL');
    const dueAt = new Date((await actionOf(applicantId, actionId)).final_notice_due_at!).getTime();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - Date.now()) + 2_000));
    expect((await actionOf(applicantId, actionId)).state).toBe('awaiting_final');

    await Promise.all([startWorkerProcess(), startWorkerProcess()]);
    await waitFor(async () => (await actionOf(applicantId, actionId)).state === 'complete');
    // Time for a second delivery of the job, had there been one.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const notices = `SELECT count(*) AS count FROM adverse_action_notices WHERE adverse_action_id = $1 AND kind = $2`;
    expect(await countOf(notices, [actionId, 'final'])).toBe(1);
    expect(await countOf(notices, [actionId, 'pre_adverse'])).toBe(1);
    expect(
      await countOf(
        `SELECT count(*) AS count FROM outbox_messages WHERE applicant_id = $1 AND purpose = 'adverse_action_notice'`,
        [applicantId],
      ),
    ).toBe(2);
    expect(
      await countOf(
        `SELECT count(*) AS count FROM events WHERE applicant_id = $1 AND type = 'adverse_action.completed'`,
        [applicantId],
      ),
    ).toBe(1);
  });
});
