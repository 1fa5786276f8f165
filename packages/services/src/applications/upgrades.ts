import { checkNameOf, type InformationInput, type RequestFlag } from '@svc/contract';
import {
  applicationStateAfterUpgrade,
  canUpgrade,
  flagsWithoutProvider,
  missingInformation,
  refuse,
  refusedFlags,
  storedFlags,
  type Information,
  type OrderOutcome,
  type ProviderRouting,
} from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import { type Database, recordEvent } from '@svc/db';
import { applicationUpgradedEvent } from './events.js';
import { addInformation, informationColumns, readInformation, readSensitive } from './information.js';
import { enqueueCheckRuns } from '../jobs/check-run.js';
import { insertCheckExecutions } from './new-applicant.js';
import type { ApplicationScope } from './order-rules.js';
import { applicationStateOf } from './state.js';
import { searchTermsOfApplicant } from './search.js';
import { lockApplicantOfScope } from './lock-applicant.js';
import { Team } from '@svc/db/entities';

/**
 * Adds checks to a `Returned` application (DESIGN.md section 6). Earlier: `application_processing` (the API's 409).
 * Only flags the applicant does not hold yet are added; each must be enabled for the team and its information
 * present, with what `information` adds (`addInformation`: appended entries, empty fields filled, a changed value
 * refused as `information_conflict`), written sealed with the upgrade. The applicant goes back to `Pending` / `IN_PROGRESS`, the new executions are `QUEUED` for the next report
 * version, and one `check.run` job each is enqueued, all in one transaction. Null scope match: `not_found`.
 */
export async function upgradeApplication({
  db,
  jobs,
  scope,
  applicantId,
  flags,
  tag,
  information,
  providers,
  now,
}: {
  db: Database;
  jobs: PgBoss;
  scope: ApplicationScope;
  applicantId: string;
  flags: readonly RequestFlag[];
  tag?: string | undefined;
  /** Information the new checks need, added to the applicant's. */
  information?: InformationInput | undefined;
  /** Which provider runs each check: a new check none runs refuses the upgrade (`provider_not_configured`). */
  providers: ProviderRouting;
  now: Date;
}): Promise<OrderOutcome<{ applicantId: string }>> {
  return db.transaction(async (manager) => {
    const { environment } = scope;
    const locked = await lockApplicantOfScope(manager, { scope, applicantId });
    if (!locked) return refuse({ code: 'not_found' });
    const { applicant, executions } = locked;
    const state = applicationStateOf(applicant, executions);
    const permission = canUpgrade(state);
    if (!permission.ok)
      return refuse(
        permission.refusal.code === 'applicant_erased' || permission.refusal.code === 'application_cancelled'
          ? { code: permission.refusal.code }
          : { code: 'application_processing', message: permission.refusal.message },
      );

    const held = new Set(executions.map((execution) => execution.checkName));
    const added = flags.filter((flag) => !held.has(checkNameOf(flag)));
    const team = await manager.findOneByOrFail(Team, { id: applicant.teamId });
    const refused = refusedFlags({ team, flags: added });
    if (refused.length > 0) return refuse({ code: 'check_not_enabled', flags: refused });
    const unserved = flagsWithoutProvider(providers, environment, added);
    if (unserved.length > 0) return refuse({ code: 'provider_not_configured', flags: unserved });
    const given = addInformation(readInformation(applicant), information ?? {});
    if (given.conflicts.length > 0) return refuse({ code: 'information_conflict', fields: given.conflicts });
    const missing = missingInformation({ flags: added, information: given.information as Information });
    if (missing.length > 0) return refuse({ code: 'missing_information', missing });

    const transition = applicationStateAfterUpgrade(state, flags);
    if (!transition.ok) {
      return refuse({
        code: transition.refusal.code === 'no_new_checks' ? 'no_new_checks' : 'application_processing',
        message: transition.refusal.message,
      });
    }
    const reportVersion =
      Math.max(applicant.reportVersion, ...executions.map((execution) => execution.reportVersion)) + 1;
    const newChecks = transition.state.checks.filter((check) => !held.has(check.checkName));
    const created = await insertCheckExecutions(manager, {
      applicant,
      checks: newChecks,
      reportVersion,
      existing: executions,
      providers,
      now,
    });
    Object.assign(applicant, {
      ...(information === undefined
        ? {}
        : informationColumns(given.information, readSensitive(applicant).document_number)),
      status: transition.state.status,
      reportStatus: transition.state.reportStatus,
      orderStatus: transition.state.orderStatus,
      requestedFlags: storedFlags([...applicant.requestedFlags, ...added]),
      tag: tag ?? applicant.tag,
      result: null,
      lastUpdated: now,
    });
    applicant.searchTerms = searchTermsOfApplicant(applicant);
    await manager.save(applicant);
    await enqueueCheckRuns({ jobs, transaction: manager, checkExecutionIds: created.map((execution) => execution.id) });
    await recordEvent(
      manager,
      applicationUpgradedEvent(applicant, { addedChecks: newChecks.map((check) => check.checkName), reportVersion }),
    );
    return { ok: true, value: { applicantId } };
  });
}
