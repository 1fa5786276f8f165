import { randomUUID } from 'node:crypto';
import type { SvcClient } from '@svc/contract';
import { outboxMessagesOfApplicant, type BootstrappedAccount } from '@svc/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTargets, type TestApi } from './support/api.js';
import { getPage, linkFromOutbox } from './support/portal.js';

/**
 * `email_applicants` on a PM invite over real HTTP: by default svc emails each applicant its link; false sends
 * nothing, and the answer carries each applicant's `onboarding_link` for the partner to deliver.
 */
describe.each(apiTargets())('who delivers an invitation on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let pm: SvcClient;
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000, SVC_ADDRESS_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    pm = svc.client(await svc.newTeamUserKey(account.users.pm, 'demo'));
  });
  afterAll(() => svc?.close());

  const messagesOf = (applicantId: string) =>
    outboxMessagesOfApplicant({ manager: svc.db.dataSource.manager, applicantId });
  const invite = (body: Record<string, unknown>) =>
    pm.pmV2.invite({
      body: {
        email: `tenant.${randomUUID()}@example.com`,
        grouped_applicants: [{ email: `roommate.${randomUUID()}@example.com` }],
        request_softcheck: true,
        ...body,
      } as never,
    });

  it('emails each applicant its link by default, the same link the answer shows', async () => {
    const invited = await invite({});
    expect(invited.status).toBe(201);
    if (invited.status !== 201) return;
    expect(invited.body.applicants).toHaveLength(2);
    for (const applicant of invited.body.applicants) {
      expect(applicant.onboarding_link).toBe(await linkFromOutbox(svc.db, applicant.id));
      expect((await messagesOf(applicant.id)).map((message) => message.purpose)).toEqual(['invitation']);
    }
  });

  it('sends nothing with email_applicants false: the answer’s links open each applicant’s form', async () => {
    const invited = await invite({ email_applicants: false });
    expect(invited.status).toBe(201);
    if (invited.status !== 201) return;
    for (const applicant of invited.body.applicants) {
      expect(await messagesOf(applicant.id)).toEqual([]);
      expect(applicant.onboarding_link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/apply\/[A-Za-z0-9_-]+$/);
      expect((await getPage(applicant.onboarding_link!)).status).toBe(200);
    }
    const listed = await pm.pmV2.listApplicants({ query: { page_size: 100 } as never });
    const item = (
      listed.body as { results: Array<{ id: string; onboarding_link: string; resend_email_time: unknown }> }
    ).results.find((found) => found.id === invited.body.applicants[0]!.id);
    // Never emailed: the list shows the same link and no sending time.
    expect(item).toMatchObject({
      onboarding_link: invited.body.applicants[0]!.onboarding_link,
      resend_email_time: null,
    });
  });
});
