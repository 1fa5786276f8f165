import type { CheckName } from '@svc/contract';
import { IDENTITY_CHECKS } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import { documentKindsByApplicant } from '../applications/document-kinds.js';
import { checkRunOf, type CheckRun } from './check-run.js';
import {
  checkTransition,
  executionsWithApplicants,
  updateExecutionsIfUnchanged,
  type ExecutionWithApplicant,
} from './execution-writes.js';

/**
 * Starts one attempt of each check: QUEUED (first try) or RUNNING (a retry, or a re-delivery after a crash) becomes
 * RUNNING with `attempts` + 1, the whole batch in two statements (one read, one conditional write) however many
 * checks it holds. Maps each id to what to run, or to null when there is nothing to run: the execution does not exist,
 * has finished already (a re-delivered job), still waits for the applicant, or was submitted to a provider that
 * answers later.
 */
export async function startCheckRuns({
  manager,
  checkExecutionIds,
  now,
}: {
  manager: EntityManager;
  checkExecutionIds: readonly string[];
  now: Date;
}): Promise<Map<string, CheckRun | null>> {
  const runs = new Map<string, CheckRun | null>();
  let pending = [...new Set(checkExecutionIds)];
  // Each round settles every id but those another delivery changed between the read and the write: read them again.
  while (pending.length > 0) {
    const found = await executionsWithApplicants(manager, pending);
    const claims: Array<ExecutionWithApplicant & { attempt: number }> = [];
    for (const id of pending) {
      const pair = found.get(id);
      const transition =
        pair &&
        checkTransition(pair.applicant, pair.execution, {
          type: 'check_started',
          checkName: pair.execution.checkName as CheckName,
        });
      // A check its provider took (it has a reference) waits for the provider's answer: it is not run again.
      if (pair && transition?.ok && !pair.execution.providerReference)
        claims.push({ ...pair, attempt: pair.execution.attempts + 1 });
      else runs.set(id, null);
    }
    const claimed = await updateExecutionsIfUnchanged(
      manager,
      claims.map(({ execution, attempt }) => ({
        seen: execution,
        changes: { status: 'RUNNING', attempts: attempt, startedAt: execution.startedAt ?? now },
      })),
    );
    pending = [];
    // Identity checks say only what the applicant's uploads allow: read their kinds, for those checks only.
    const documents = await documentKindsByApplicant(
      manager,
      claims
        .filter(
          ({ execution }) => claimed.has(execution.id) && IDENTITY_CHECKS.includes(execution.checkName as CheckName),
        )
        .map(({ applicant }) => applicant.id),
    );
    for (const { execution, applicant, attempt } of claims) {
      if (!claimed.has(execution.id)) {
        pending.push(execution.id);
        continue;
      }
      runs.set(execution.id, checkRunOf(execution, applicant, attempt, documents.get(applicant.id) ?? []));
    }
  }
  return runs;
}

/** `startCheckRuns` of one check. */
export async function startCheckRun({
  manager,
  checkExecutionId,
  now,
}: {
  manager: EntityManager;
  checkExecutionId: string;
  now: Date;
}): Promise<CheckRun | null> {
  return (await startCheckRuns({ manager, checkExecutionIds: [checkExecutionId], now })).get(checkExecutionId) ?? null;
}
