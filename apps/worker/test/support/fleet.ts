import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RequestFlag } from '@svc/contract';
import type { Database } from '@svc/db';
import type { BootstrappedAccount } from '@svc/services';
import type { PgBoss } from 'pg-boss';
import { orderQuickScreen } from './factories.js';

// Many applications and worker processes: what the scale-out and crash tests share.

/** Orders `count` quick screens of `flags`, ten at a time; returns the applicant ids. */
export async function orderMany({
  db,
  jobs,
  account,
  count,
  flags,
}: {
  db: Database;
  jobs: PgBoss;
  account: BootstrappedAccount;
  count: number;
  flags: readonly RequestFlag[];
}): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 10) {
    ids.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, count - start) }, () => orderQuickScreen({ db, jobs, account, flags })),
      )),
    );
  }
  return ids;
}

const countWhere = async (db: Database, sql: string, applicantIds: string[]): Promise<number> =>
  Number(((await db.dataSource.query(sql, [applicantIds])) as Array<{ count: string | number }>)[0]?.count ?? 0);
export const returnedCount = (db: Database, applicantIds: string[]) =>
  countWhere(db, `SELECT count(*) FROM applicants WHERE id = ANY($1) AND status = 'Returned'`, applicantIds);

export type ExecutionRow = { id: string; status: string; attempts: number };
export const executionRows = async (db: Database, applicantIds: string[]): Promise<ExecutionRow[]> =>
  (await db.dataSource.query(`SELECT id, status, attempts FROM check_executions WHERE applicant_id = ANY($1)`, [
    applicantIds,
  ])) as ExecutionRow[];

const WORKER_PROCESS = fileURLToPath(new URL('./worker-process.mjs', import.meta.url));

/** A worker process (`svc worker`: runWorkerProcess) from the built package. */
export function startWorkerProcess(
  children: ChildProcess[],
  environment: Record<string, string>,
): { process: ChildProcess; started: Promise<void>; output(): string } {
  const child = spawn(process.execPath, [WORKER_PROCESS], {
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"worker started"')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`worker process exited (${code}) before it started:\n${output.slice(-2000)}`)),
    );
  });
  started.catch(() => {});
  return { process: child, started, output: () => output };
}
