import { randomBytes } from 'node:crypto';
import { checkNameOf, type InformationInput, type RequestFlag } from '@svc/contract';
import { uuidv7, type Database } from '@svc/db';
import { bootstrapPartner, createQuickScreen, REPORT_RENDER_QUEUE, type BootstrappedAccount } from '@svc/services';
import type { PgBoss } from 'pg-boss';
import { pino } from 'pino';
import { Applicant, Application, CheckExecution } from '@svc/db/entities';

/** A logger that writes nothing (set LOG_LEVEL to see the worker's logs). */
export const testLogger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });

export const newAccount = (db: Database): Promise<BootstrappedAccount> =>
  bootstrapPartner(db, { name: `Worker partner ${randomBytes(4).toString('hex')}` });

/** HR checks that need little more than a name, a date of birth, an SIN and an address history. */
export const HR_CHECKS: readonly RequestFlag[] = [
  'request_softcheck',
  'request_criminal_record_check',
  'request_bureau',
  'request_behavioural',
];

/** Complete information for the checks above; `first_name` picks a simulator scenario (`Flaky`, `Broken`). */
export function informationFor({ firstName = 'Ada' }: { firstName?: string } = {}): InformationInput {
  const suffix = randomBytes(3).toString('hex');
  return {
    first_name: firstName,
    last_name: `Lovelace${suffix}`,
    date_of_birth: '1987-03-14',
    sin_ssn: '046454286',
    addresses: [
      {
        address: '100 King St W',
        city: 'Toronto',
        province_state: 'ON',
        country: 'CA',
        postal_code: 'M5X 1A9',
        start_date: '2019-01-01',
      },
    ],
    employers: [{ company_name: 'Analytical Engines Ltd.', position: 'Engineer', start_date: '2019-02-01' }],
  } as InformationInput;
}

/** A quick screen through the db layer: the applicant Pending/IN_PROGRESS, its executions QUEUED, one job each. */
export async function orderQuickScreen({
  db,
  jobs,
  account,
  flags = HR_CHECKS,
  firstName,
  now = new Date(),
}: {
  db: Database;
  jobs: PgBoss;
  account: BootstrappedAccount;
  flags?: readonly RequestFlag[];
  firstName?: string;
  now?: Date;
}): Promise<string> {
  const outcome = await createQuickScreen({
    db,
    jobs,
    scope: { partnerId: account.partner_id, environment: 'live', kind: 'HR' },
    // Live applications run by the simulator: these tests are about the worker, not about which provider runs.
    providers: { liveSimulation: true, liveProviders: {}, demoProviders: {} },
    order: {
      ownerId: account.users.hr,
      flags,
      email: `applicant-${randomBytes(4).toString('hex')}@example.com`,
      information: informationFor({ firstName }),
      location: {
        address: '100 King St W',
        city: 'Toronto',
        province_state: 'ON',
        country: 'CA',
        postal_code: 'M5X 1A9',
      },
    },
    now,
  });
  if (!outcome.ok) throw new Error(`quick screen refused: ${JSON.stringify(outcome.refusal)}`);
  return outcome.value.applicantId;
}

/**
 * A quick-screened applicant (Pending / IN_PROGRESS, executions QUEUED) written with the entities and no job, so no
 * worker runs it: for tests that drive the check runs themselves.
 */
export async function insertScreenWithoutJobs({
  db,
  account,
  flags,
}: {
  db: Database;
  account: BootstrappedAccount;
  flags: readonly RequestFlag[];
}): Promise<string> {
  return db.transaction(async (manager) => {
    const owner = {
      partnerId: account.partner_id,
      environment: 'live' as const,
      teamId: account.teams.hr,
      ownerId: account.users.hr,
      kind: 'HR' as const,
    };
    const email = `applicant-${randomBytes(4).toString('hex')}@example.com`;
    const application = await manager.save(manager.create(Application, { ...owner, email }));
    const { sin_ssn: sinSsn, date_of_birth: dateOfBirth, ...plain } = informationFor() as Record<string, unknown>;
    const applicant = await manager.save(
      manager.create(Applicant, {
        ...owner,
        applicationId: application.id,
        shortUid: randomBytes(5).toString('hex').toUpperCase(),
        email,
        status: 'Pending',
        reportStatus: 'IN_PROGRESS',
        orderStatus: 'IN_PROGRESS',
        isSubmitted: true,
        isQuickScreen: true,
        requestedFlags: [...flags],
        orderParameters: {},
        country: 'CA',
        location: { country: 'CA', province_state: 'ON', city: 'Toronto' },
        information: plain,
        sensitiveInformation: JSON.stringify({ sin_ssn: sinSsn, date_of_birth: dateOfBirth }),
        informationId: uuidv7(),
        lastUpdated: new Date(),
      }),
    );
    await manager.save(
      flags.map((flag) =>
        manager.create(CheckExecution, {
          applicantId: applicant.id,
          partnerId: account.partner_id,
          checkName: checkNameOf(flag),
          status: 'QUEUED',
          resultId: uuidv7(),
          queuedAt: new Date(),
          reportVersion: 1,
          provider: 'simulator',
        }),
      ),
    );
    return applicant.id;
  });
}

export const applicantOf = (db: Database, applicantId: string): Promise<Applicant> =>
  db.dataSource.manager.findOneByOrFail(Applicant, { id: applicantId });

export const executionsOf = (db: Database, applicantId: string): Promise<CheckExecution[]> =>
  db.dataSource.manager.find(CheckExecution, { where: { applicantId }, order: { created: 'ASC', id: 'ASC' } });

/**
 * Test-only audit of status changes (a trigger on applicants and check_executions), to count what happened to each
 * row: a check started once, completed once, an applicant returned once.
 */
export async function installStatusAudit(db: Database): Promise<void> {
  const statements = [
    `CREATE TABLE IF NOT EXISTS test_status_changes (
       seq bigserial PRIMARY KEY, table_name text NOT NULL, row_id uuid NOT NULL, old_status text, new_status text NOT NULL)`,
    `CREATE OR REPLACE FUNCTION test_record_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO test_status_changes (table_name, row_id, old_status, new_status) VALUES (TG_TABLE_NAME, NEW.id, OLD.status, NEW.status);
       RETURN NEW;
     END $$`,
    ...['check_executions', 'applicants'].flatMap((table) => [
      `DROP TRIGGER IF EXISTS test_status_change ON ${table}`,
      `CREATE TRIGGER test_status_change AFTER UPDATE ON ${table} FOR EACH ROW
         WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION test_record_status_change()`,
    ]),
  ];
  for (const statement of statements) await db.dataSource.query(statement);
}

/** How many times rows of `table` changed to `newStatus`, per row id. */
export async function statusChangeCounts(
  db: Database,
  { table, newStatus }: { table: 'applicants' | 'check_executions'; newStatus: string },
): Promise<Map<string, number>> {
  const rows = (await db.dataSource.query(
    `SELECT row_id, count(*)::int AS changes FROM test_status_changes WHERE table_name = $1 AND new_status = $2 GROUP BY row_id`,
    [table, newStatus],
  )) as Array<{ row_id: string; changes: number }>;
  return new Map(rows.map((row) => [row.row_id, row.changes]));
}

/** How many `report.render` jobs asked for the report of `applicantId`. */
export async function reportRenderJobsOf(db: Database, applicantId: string): Promise<number> {
  const [row] = (await db.dataSource.query(
    `SELECT count(*)::int AS jobs FROM pgboss.job WHERE name = $1 AND singleton_key = $2`,
    [REPORT_RENDER_QUEUE, applicantId],
  )) as Array<{ jobs: number }>;
  return row?.jobs ?? 0;
}
