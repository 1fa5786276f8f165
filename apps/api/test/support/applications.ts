import { randomUUID } from 'node:crypto';
import type { CheckName, CreateTeamBody, HrApplication, InformationInput, SvcClient } from '@svc/contract';
import { createUser, type Database } from '@svc/db';
import { CHECK_RUN_QUEUE, MESSAGE_SEND_QUEUE, type BootstrappedAccount } from '@svc/services';
import { simulateCheck } from '@svc/domain';
import type { TestApi } from './api.js';
import { sealValue } from '@svc/db/crypto';

// Bodies and database probes shared by the application tests.

export const location = {
  address: '100 King St W',
  city: 'Toronto',
  province_state: 'ON',
  country: 'CA',
  postal_code: 'M5X 1A9',
};

/** A consumer reporting agency a partner admin sets before a live adverse action (every notice prints it). */
export const agencyDetails = (name: string) => ({
  name,
  address: { address: '100 State Street', city: 'Albany', province_state: 'NY', postal_code: '12207', country: 'US' },
  phone: '+1 518 555 0100',
  website: 'https://agency.example',
});

/** Everything the criminal and identity checks need (name, date of birth, address history) and a SIN. */
export const fullInformation = () => ({
  first_name: 'Ada',
  last_name: `Lovelace${randomUUID().slice(0, 6)}`,
  date_of_birth: '1985-12-10',
  sin_ssn: '046-454-286',
  addresses: [
    {
      address: '1 Main St',
      city: 'Toronto',
      province_state: 'ON',
      country: 'CA',
      postal_code: 'M5V 1A1',
      start_date: '2019-01-01',
    },
  ],
  employers: [{ company_name: 'Analytical Engines Ltd', position: 'Engineer', start_date: '2020-02-01' }],
  educations: [
    {
      institution: 'University of London',
      degree: { degree: 'BSc Mathematics' },
      start_date: '2003-09-01',
      end_date: '2007-06-30',
    },
  ],
  credentials: [
    { institution: 'Engineers Canada', certification: 'P.Eng.', date_of_certification: '2012-05-01', current: true },
  ],
});

export const executionIdOf = (prefixed: string) => prefixed.replace(/^check_exec_/, '');

/** The ids of the check executions that have a `check.run` job in pg-boss's table. */
export async function queuedJobExecutionIds(db: Database): Promise<string[]> {
  const rows = (await db.dataSource.query(
    `SELECT data->>'checkExecutionId' AS id FROM pgboss.job WHERE name = 'check.run'`,
  )) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}

/**
 * Rows of the tables an order writes: a refused order changes none of them. Of the job queue, the jobs an order
 * enqueues (its checks, its messages): a running worker adds others by itself whenever it likes (the report of an
 * earlier applicant whose last check just finished, the retention job of its schedule).
 */
export async function orderTableCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const tables = {
    applications: 'applications',
    applicants: 'applicants',
    check_executions: 'check_executions',
    outbox_messages: 'outbox_messages',
    'pgboss.job': `pgboss.job WHERE name IN ('${CHECK_RUN_QUEUE}', '${MESSAGE_SEND_QUEUE}')`,
  };
  for (const [name, rows] of Object.entries(tables)) {
    const [row] = (await db.dataSource.query(`SELECT count(*) AS count FROM ${rows}`)) as Array<{
      count: string | number;
    }>;
    counts[name] = Number(row?.count ?? 0);
  }
  return counts;
}

/** What the worker will do once every check ran: the applicant `Returned` with every check complete. */
export async function markReturned(db: Database, applicantId: string): Promise<void> {
  await db.dataSource.query(
    `UPDATE check_executions SET status = 'COMPLETE', finished_at = now() WHERE applicant_id = $1`,
    [applicantId],
  );
  await db.dataSource.query(
    `UPDATE applicants SET status = 'Returned', report_status = 'COMPLETE', order_status = 'COMPLETE', report_version = 1, returned_at = now() WHERE id = $1`,
    [applicantId],
  );
}

/** A team created through the API by a partner admin. */
async function newApiTeam(
  { admin, account }: { admin: SvcClient; account: BootstrappedAccount },
  type: 'HR' | 'PM',
): Promise<string> {
  const body: CreateTeamBody = {
    name: `Team ${randomUUID()}`,
    type,
    country: 'CA',
    superteam: account.superteam_id,
    province_state: 'ON',
    pre_pay: false,
  };
  const created = await admin.teams.create({ body });
  if (created.status !== 201) throw new Error(`team not created: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

/** A team created through the API (default checks only: no US tiers) with one user, and that user's id. */
export async function newApiTeamWithUser(
  { admin, db, account }: { admin: SvcClient; db: Database; account: BootstrappedAccount },
  type: 'HR' | 'PM',
): Promise<{ teamId: string; userId: string }> {
  const teamId = await newApiTeam({ admin, account }, type);
  const user = await createUser(db.dataSource.manager, {
    partnerId: account.partner_id,
    user: {
      firstName: 'Sam',
      lastName: 'Orderer',
      email: `sam.${randomUUID()}@example.com`,
      language: 'en',
      isActive: true,
      teamId,
    },
  });
  return { teamId, userId: user.id };
}

/** A team and a user in it, both created through the API, as a partner admin integrating svc would. */
export async function newTeamUserThroughApi(
  { admin, account }: { admin: SvcClient; account: BootstrappedAccount },
  type: 'HR' | 'PM' = 'HR',
): Promise<{ teamId: string; userId: string; email: string }> {
  const teamId = await newApiTeam({ admin, account }, type);
  const user = await admin.users.create({
    body: {
      first_name: 'Kim',
      last_name: 'Keyholder',
      email: `kim.${randomUUID()}@example.com`,
      language: 'en',
      is_active: true,
      team: teamId,
    },
  });
  if (user.status !== 201) throw new Error(`user not created: ${JSON.stringify(user.body)}`);
  return { teamId, userId: user.body.id, email: user.body.email };
}

/** What the worker does, in short: every execution run through the simulator and stored, then the applicant Returned. */
export async function completeWithSimulator(
  db: Database,
  { applicantId, information }: { applicantId: string; information: InformationInput },
): Promise<void> {
  const executions = (await db.dataSource.query(`SELECT id, check_name FROM check_executions WHERE applicant_id = $1`, [
    applicantId,
  ])) as Array<{ id: string; check_name: CheckName }>;
  for (const execution of executions) {
    const result = simulateCheck({ checkName: execution.check_name, information, location, now: new Date() });
    // Results are encrypted at rest, bound to their execution, as the worker stores them.
    const stored = sealValue({ table: 'check_executions', column: 'result', rowId: execution.id, value: result });
    await db.dataSource.query(`UPDATE check_executions SET result = $2 WHERE id = $1`, [execution.id, stored]);
  }
  await markReturned(db, applicantId);
}

/**
 * Polls a record, as a partner would, until it is `Returned`; throws after `timeoutMs`, with each check's state. A
 * hang guard below the test's own 10 minutes, so that a failure says which check was left.
 */
export async function untilReturned(
  retrieve: () => Promise<{ status: number; body: unknown }>,
  timeoutMs = 480_000,
): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await retrieve();
    const body = response.body as {
      status?: string;
      report_status?: string;
      check_executions?: Array<{
        check_name?: string;
        provider?: string;
        status?: string;
        failure_reason?: string | null;
      }>;
    };
    if (response.status === 200 && body.status === 'Returned') return response.body;
    if (Date.now() > deadline) {
      const checks = (body.check_executions ?? []).map(
        ({ check_name, provider, status, failure_reason }) =>
          `${check_name} (${provider}) ${status}${failure_reason ? `: ${failure_reason}` : ''}`,
      );
      throw new Error(
        `still ${response.status} ${body.status}/${body.report_status} after ${timeoutMs / 1000} s; checks: ${checks.join('; ') || 'none'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * An HR quick screen of a softcheck for `ownerId`, with the full test information (or `information`): the created
 * record.
 */
export async function quickScreenSoftcheck(
  client: SvcClient,
  ownerId: string,
  information: Record<string, unknown> = fullInformation(),
): Promise<HrApplication> {
  const created = await client.hr.quickScreen({
    body: {
      owner_id: ownerId,
      information,
      position_or_property_location: location,
      request_softcheck: true,
    },
  });
  if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
  return created.body as HrApplication;
}

/** `quickScreenSoftcheck`, polled until `Returned`. */
export async function quickScreenUntilReturned(
  client: SvcClient,
  ownerId: string,
  information?: Record<string, unknown>,
): Promise<HrApplication> {
  const created = await quickScreenSoftcheck(client, ownerId, information);
  return (await untilReturned(() =>
    client.hr.retrieveApplicant({ params: { applicant_id: created.id } }),
  )) as HrApplication;
}

/**
 * A new team of `type` in the United States (the bootstrapped teams are Canadian) and a user in it, made through the
 * API with the partner's live key (a demo key may not change the hierarchy): the user's id, to order as.
 */
export async function newUsTeamOwner(svc: TestApi, account: BootstrappedAccount, type: 'HR' | 'PM'): Promise<string> {
  const admin = svc.client(account.api_keys.live);
  const team = await admin.teams.create({
    body: {
      name: `US ${type} ${randomUUID().slice(0, 6)}`,
      type,
      country: 'US',
      province_state: 'NY',
      superteam: account.superteam_id,
      pre_pay: false,
    },
  });
  if (team.status !== 201) throw new Error(`team not created: ${JSON.stringify(team.body)}`);
  const user = await admin.users.create({
    body: {
      first_name: 'Ada',
      last_name: 'Byron',
      email: `owner-${randomUUID().slice(0, 8)}@example.com`,
      language: 'en',
      is_active: true,
      team: team.body.id,
    },
  });
  if (user.status !== 201) throw new Error(`user not created: ${JSON.stringify(user.body)}`);
  return user.body.id;
}
