import { describe, expect, it } from 'vitest';
import { createClient, type HrApplication, type SvcClient } from '@svc/contract';
import { databaseTargets, waitFor, type DatabaseTarget } from '@svc/db/testing';
import { quickScreenSoftcheck } from '@svc/api/testing';
import { runCli, type CliOutput } from '../../src/cli.js';
import { useWorkerProcesses } from './support/worker-processes.js';

const postgresTarget = databaseTargets().find((target) => target.name === 'postgres');

/** The value of one series of a Prometheus text page (`name{labels}`), or 0 when it is not there. */
function seriesValue(page: string, series: string): number {
  const line = page.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('svc worker --roles and --queues: arguments', () => {
  const capture = (): CliOutput & { errors: string[] } => {
    const errors: string[] = [];
    return { errors, out: () => {}, error: (text) => errors.push(text) };
  };
  it('refuses an unknown role, queue or argument, naming what is allowed, before opening anything', async () => {
    for (const [args, message] of [
      [['--roles', 'checks,pdf'], 'unknown role "pdf"; roles: checks, reports, messages, webhooks, identity'],
      [['--queues=check.run,nope'], 'unknown queue "nope"; queues: check.run,'],
      [['--roles'], '--roles needs a comma-separated list'],
      [['--role', 'checks'], 'unknown argument --role'],
    ] as const) {
      const output = capture();
      expect(await runCli(['worker', ...args], { output, environment: { LOG_LEVEL: 'silent' } })).toBe(1);
      expect(output.errors.join('\n')).toContain(message);
    }
  });
});

/**
 * Workers by role, as processes of their own on one PostgreSQL database: a `--roles reports` worker leaves the checks
 * of an order waiting (and the queue's age in its /metrics says so), a `--roles checks` worker started later runs
 * them and no report, and the reports worker renders the report: the order returns. Each worker's /metrics counts
 * only the jobs it took.
 */
describe.skipIf(!postgresTarget)('workers by role (PostgreSQL)', () => {
  const world = useWorkerProcesses({ target: postgresTarget as DatabaseTarget, partnerName: 'Roles partner' });
  const demo = (): SvcClient => createClient({ baseUrl: world.api.url, apiKey: world.account.api_keys.demo });
  const recordOf = async (id: string) =>
    (await demo().hr.retrieveApplicant({ params: { applicant_id: id } })).body as HrApplication;

  it('a reports worker takes no check; a checks worker takes no report; together they return the order', async () => {
    const reports = await world.startWorker(['--roles', 'reports']);
    expect(reports.queues.toSorted()).toEqual(['adverse_action.notice', 'legal-document.render', 'report.render']);
    const created = await quickScreenSoftcheck(demo(), world.account.users.hr);
    // Six polling intervals of the reports worker: the check is still waiting, and the queue's age says for how long.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await recordOf(created.id)).check_executions.map((check) => check.status)).not.toContain('COMPLETE');
    const waiting = await reports.metrics();
    expect(seriesValue(waiting, 'svc_job_queue_ready{queue="check.run"}')).toBe(1);
    expect(seriesValue(waiting, 'svc_job_queue_oldest_ready_age_seconds{queue="check.run"}')).toBeGreaterThanOrEqual(2);

    const checks = await world.startWorker(['--roles=checks']);
    expect(checks.queues.toSorted()).toEqual([
      'check.run',
      'provider.callback',
      'provider.cancel',
      'provider.poll',
      'retention.prune',
      'watchlist.fetch',
      'watchlist.rescreen',
    ]);
    await waitFor(async () => (await recordOf(created.id)).status === 'Returned');
    const [checksPage, reportsPage] = await Promise.all([checks.metrics(), reports.metrics()]);
    expect(seriesValue(checksPage, 'svc_check_runs_total{check="softcheck",outcome="completed"}')).toBe(1);
    expect(seriesValue(checksPage, 'svc_report_render_duration_seconds_count{outcome="returned"}')).toBe(0);
    expect(seriesValue(reportsPage, 'svc_check_runs_total{check="softcheck",outcome="completed"}')).toBe(0);
    expect(seriesValue(reportsPage, 'svc_report_render_duration_seconds_count{outcome="returned"}')).toBe(1);
    expect(seriesValue(reportsPage, 'svc_job_queue_ready{queue="check.run"}')).toBe(0);
  });
});
