import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@svc/api';
import type { HrApplication, PmApplication, SvcClient } from '@svc/contract';
import { completeCheckRun, finaliseApplicantIfDone, type BootstrappedAccount } from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, fullInformation, location, type TestApi, untilReturned } from '@svc/api/testing';
import { startProviderServer, until } from './support/provider-server.js';
import { startTestWorker } from './support/worker.js';

const SECRET = 'provider-secret-'.padEnd(40, 'c');

/**
 * Cancelling an application through the public API, with production defaults (no live simulation): a check pending
 * at an HTTP provider is stopped there (the provider gets `DELETE /checks/<reference>`), the record stays with its
 * reason, no report is ever made even when the provider's result arrives afterwards, `application.cancelled` is
 * recorded; withdrawing an invitation (DELETE) cancels it without erasing anything, and erasure is its own operation.
 */
describe.each(apiTargets({ everyDatabase: true }))('cancelling an application on $name', (target) => {
  let provider: Awaited<ReturnType<typeof startProviderServer>>;
  let svc: TestApi;
  let account: BootstrappedAccount;
  let live: SvcClient;
  let worker: RunningWorker;
  beforeAll(async () => {
    provider = await startProviderServer(SECRET);
    const providers = loadConfig({
      SVC_PROVIDERS: JSON.stringify({
        bureau: { type: 'http', url: `${provider.url}/bureau`, secret: SECRET, checks: ['softcheck', 'base'] },
      }),
    }).SVC_PROVIDERS;
    svc = await target.start({ SVC_PROVIDERS: providers, SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    live = svc.client(account.api_keys.live);
    worker = await startTestWorker(svc, { providers });
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
    await provider?.close();
  });

  const quickScreen = async (flags: Record<string, true> = { request_softcheck: true }) => {
    const created = await live.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        information: fullInformation(),
        position_or_property_location: location,
        ...flags,
      },
    });
    if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
    return created.body;
  };
  const recordOf = async (id: string) =>
    (await live.hr.retrieveApplicant({ params: { applicant_id: id } })).body as HrApplication;
  /** The provider's check of the record's first execution, once svc recorded it as pending there. */
  const pendingAtProvider = (record: HrApplication) => {
    const executionId = record.check_executions[0]!.id.replace(/^check_exec_/, '');
    return until('the submission', async () => {
      const check = provider.checkOf(executionId);
      return check && (await recordOf(record.id)).check_executions[0]!.submitted_at ? check : undefined;
    });
  };
  const eventsOf = async (applicantId: string) => {
    const listed = await live.events.list({ query: { applicant_id: applicantId, page_size: 100 } as never });
    if (listed.status !== 200) throw new Error(`events refused: ${JSON.stringify(listed.body)}`);
    return (listed.body as { results: Array<{ type: string; data: Record<string, unknown> }> }).results;
  };

  it('stops a check pending at its provider, keeps the record with its reason, and makes no report even when the result arrives late', async () => {
    const created = await quickScreen();
    const check = await pendingAtProvider(created);

    const cancelled = await live.hr.cancelApplication({
      params: { applicant_id: created.id },
      body: { reason: 'position_filled' },
    });
    expect(cancelled.status).toBe(200);
    const record = cancelled.body as HrApplication;
    expect(record).toMatchObject({
      status: 'Cancelled',
      cancellation_reason: 'position_filled',
      cancelled_by: account.user_id,
      erased_at: null,
    });
    expect(Date.parse(record.cancelled_at!)).toBeGreaterThan(Date.parse(created.created));
    expect(record.information.last_name).toBe(created.information.last_name);
    expect(record.check_executions[0]).toMatchObject({ status: 'FAILED', estimated_completion: null });
    expect(record.check_executions[0]!.failure_reason).toMatch(/cancelled/);

    // The provider adapter was told to stop the check.
    await until('the cancel at the provider', async () => (check.cancelled ? true : undefined));
    expect(provider.requests).toContain(`DELETE /checks/${check.reference}`);

    // The provider's result arrives anyway, with its callback: dropped, and no report.
    provider.complete(check.reference);
    expect((await provider.callBack(svc.url, 'bureau', check.reference)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await recordOf(created.id);
    expect(after).toMatchObject({ status: 'Cancelled', report_status: created.report_status });
    expect(after.check_executions).toEqual(record.check_executions);
    const report = await live.hr.reportWeb({ params: { applicant_id: created.id } });
    expect(report).toMatchObject({ status: 409, body: { code: 'application_cancelled' } });
    const upgrade = await live.hr.upgrade({ params: { applicant_id: created.id }, body: { request_base: true } });
    expect(upgrade).toMatchObject({ status: 409, body: { code: 'application_cancelled' } });

    // One event, identifiers and the reason code only; never a return.
    const events = await eventsOf(created.id);
    expect(events.map((event) => event.type)).not.toContain('application.returned');
    expect(events.filter((event) => event.type === 'application.cancelled').map((event) => event.data)).toEqual([
      {
        applicant_id: created.id,
        application_id: created.application.id,
        reason: 'position_filled',
        status: 'Cancelled',
        report_status: created.report_status,
        external_id: null,
        metadata: {},
      },
    ]);

    // Cancelling again answers the same record; the DELETE (withdraw) form too, with 204.
    const again = await live.hr.cancelApplication({ params: { applicant_id: created.id }, body: {} });
    expect(again.status).toBe(200);
    expect((again.body as HrApplication).cancellation_reason).toBe('position_filled');
    expect((await live.hrV1.deleteApplicant({ params: { applicant_id: created.id } })).status).toBe(204);
    expect((await eventsOf(created.id)).filter((event) => event.type === 'application.cancelled')).toHaveLength(1);
  });

  it('never returns a cancelled application, whichever comes first: the cancel or the last result (race)', async () => {
    const created = await quickScreen();
    const check = await pendingAtProvider(created);
    provider.complete(check.reference);
    const [cancelled] = await Promise.all([
      live.hr.cancelApplication({ params: { applicant_id: created.id }, body: { reason: 'duplicate' } }),
      provider.callBack(svc.url, 'bureau', check.reference),
    ]);
    if (cancelled.status === 200) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect((await recordOf(created.id)).status).toBe('Cancelled');
      expect((await live.hr.reportWeb({ params: { applicant_id: created.id } })).status).toBe(409);
    } else {
      // The result won: the application returned before the cancel, which then finds nothing to stop.
      expect(cancelled).toMatchObject({ status: 409, body: { code: 'conflict' } });
      const returned = (await untilReturned(() =>
        live.hr.retrieveApplicant({ params: { applicant_id: created.id } }),
      )) as HrApplication;
      expect(returned.status).toBe('Returned');
    }

    // The late write itself, as a worker that claimed the check before the cancel would make it: the result of
    // the attempt it started, then the report's finalisation. Both find the application cancelled and do nothing.
    const second = await quickScreen();
    const secondCheck = await pendingAtProvider(second);
    const executionId = secondCheck.checkId;
    expect(
      (await live.hr.cancelApplication({ params: { applicant_id: second.id }, body: { reason: 'other' } })).status,
    ).toBe(200);
    const manager = svc.db.dataSource.manager;
    const recorded = await completeCheckRun({
      manager,
      checkExecutionId: executionId,
      now: new Date(),
      result: { outcome: 'CLEAR', redFlags: [], greenFlags: [], details: { kind: 'softcheck' } },
      started: { applicantId: second.id, attempt: 1 },
    });
    expect(recorded).toEqual({ applicantId: second.id, outcome: 'already_applied' });
    const finalised = await finaliseApplicantIfDone({
      manager,
      applicantId: second.id,
      now: new Date(),
      renderReport: () => {
        throw new Error('a cancelled application must not be rendered');
      },
    });
    expect(finalised).toEqual({ outcome: 'cancelled' });
    const [reports] = await manager.query('SELECT count(*)::int AS count FROM reports WHERE applicant_id = $1', [
      second.id,
    ]);
    expect(reports.count).toBe(0);
    expect((await recordOf(second.id)).status).toBe('Cancelled');
  });

  it('withdraws an invitation with DELETE without erasing anything; erasure is its own operation', async () => {
    const email = `withdrawn-${randomUUID().slice(0, 8)}@example.com`;
    const invited = await live.pmV2.invite({
      body: { owner_id: account.users.pm, email, request_softcheck: true, information: { first_name: 'Ada' } },
    });
    expect(invited.status).toBe(201);
    const [person] = (invited.body as { applicants: Array<{ id: string; onboarding_link: string }> }).applicants;
    const applicant = person!.id;
    const link = person!.onboarding_link;
    expect((await fetch(link)).status).toBe(200);

    expect((await live.pmV2.deleteApplicant({ params: { applicant_id: applicant } })).status).toBe(204);
    const withdrawn = (await live.pmV2.retrieveApplicant({ params: { applicant_id: applicant } }))
      .body as PmApplication;
    expect(withdrawn).toMatchObject({
      status: 'Cancelled',
      report_status: 'SENT',
      cancellation_reason: 'withdrawn',
      erased_at: null,
      applicant_account: { email },
    });
    expect(withdrawn.information.first_name).toBe('Ada');
    expect(withdrawn.check_executions.map((execution) => execution.status)).toEqual(['FAILED']);
    const page = await fetch(link);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This invitation was withdrawn');
    // Withdrawing again: 204, nothing changes.
    expect((await live.pmV2.deleteApplicant({ params: { applicant_id: applicant } })).status).toBe(204);

    // Erasure, asked for on its own, erases the cancelled applicant.
    expect((await live.pmV2.eraseApplicant({ params: { applicant_id: applicant } })).status).toBe(204);
    const erased = (await live.pmV2.retrieveApplicant({ params: { applicant_id: applicant } })).body as PmApplication;
    expect(erased).toMatchObject({ status: 'Erased', cancellation_reason: 'withdrawn' });
    expect(erased.applicant_account.email).not.toBe(email);
    // Cancelling an erased applicant is 410; withdrawing it 204 (a retried DELETE succeeds).
    expect((await live.pmV2.cancelApplication({ params: { applicant_id: applicant }, body: {} })).status).toBe(410);
    expect((await live.pmV2.deleteApplicant({ params: { applicant_id: applicant } })).status).toBe(204);
  });

  it('refuses to cancel a returned application (409) and another tenant’s (404), changing nothing', async () => {
    const created = await quickScreen();
    const check = await pendingAtProvider(created);
    provider.complete(check.reference);
    expect((await provider.callBack(svc.url, 'bureau', check.reference)).status).toBe(202);
    await untilReturned(() => live.hr.retrieveApplicant({ params: { applicant_id: created.id } }));
    expect(await live.hr.cancelApplication({ params: { applicant_id: created.id }, body: {} })).toMatchObject({
      status: 409,
      body: { code: 'conflict' },
    });
    expect((await live.hr.deleteApplicant({ params: { applicant_id: created.id } })).status).toBe(409);
    const invalid = await live.hr.cancelApplication({
      params: { applicant_id: created.id },
      body: { reason: 'because' as never },
    });
    expect(invalid).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    const other = await svc.newPartner('Other partner');
    const refused = await svc
      .client(other.api_keys.live)
      .hr.cancelApplication({ params: { applicant_id: created.id }, body: {} });
    expect(refused.status).toBe(404);
    expect((await recordOf(created.id)).status).toBe('Returned');
  });
});
