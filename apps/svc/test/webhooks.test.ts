import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSchema, type SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { waitFor } from '@svc/db/testing';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, quickScreenUntilReturned, type TestApi } from '@svc/api/testing';
import { headersOf, startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';
import { startTestWorker } from './support/worker.js';

/**
 * Webhooks end to end: the real API and worker, a receiver on loopback (allowed here by SVC_WEBHOOK_ALLOW_PRIVATE=1,
 * which tests set as an operator would in development), signatures checked with the `standardwebhooks` package.
 */
describe.each(apiTargets({ everyDatabase: true }))('webhooks on $name', (target) => {
  let svc: TestApi;
  let receiver: WebhookReceiver;
  let partnerA: BootstrappedAccount;
  let partnerB: BootstrappedAccount;
  let adminA: SvcClient;
  let worker: RunningWorker;

  const endpoint = async (
    client: SvcClient,
    path: string,
    extra: {
      event_types?: Array<'application.returned' | 'ping' | 'check.completed' | 'api_key.created' | 'api_key.revoked'>;
      enabled?: boolean;
    } = {},
  ) => {
    const created = await client.webhookEndpoints.create({ body: { url: `${receiver.url}${path}`, ...extra } });
    if (created.status !== 201) throw new Error(`endpoint refused: ${JSON.stringify(created.body)}`);
    return created.body;
  };
  const quickScreen = async (client: SvcClient, account: BootstrappedAccount) => {
    return (await quickScreenUntilReturned(client, account.users.hr)).id;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    svc = await target.start({
      SVC_LIVE_SIMULATION: true,
      SVC_RATE_LIMIT_PER_MINUTE: 100_000,
      SVC_WEBHOOK_ALLOW_PRIVATE: true,
    });
    partnerA = await svc.newPartner();
    partnerB = await svc.newPartner();
    adminA = svc.client(partnerA.api_keys.live);
    worker = await startTestWorker(svc, {
      // Retries 200 ms apart instead of the production schedule (5 s, 5 min…), which its unit test proves.
      webhooks: { allowPrivate: true, retryScheduleMs: [200, 200, 200], pollMs: 50 },
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
    await receiver?.close();
  });

  it('delivers application.returned of a quick screen, signed so that the standardwebhooks package verifies it', async () => {
    const { secret } = await endpoint(adminA, '/a', { event_types: ['application.returned'] });
    const applicantId = await quickScreen(adminA, partnerA);
    await waitFor(() => receiver.at('/a').length > 0);
    const [delivery] = receiver.at('/a');
    const verified = new Webhook(secret).verify(delivery!.body, headersOf(delivery!)) as Record<string, unknown>;
    expect(eventSchema.parse(verified)).toMatchObject({
      type: 'application.returned',
      environment: 'live',
      data: { applicant_id: applicantId, status: 'Returned', report_version: 1 },
    });
    expect(delivery!.headers['webhook-id']).toBe(verified['id']);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret').toString('base64')}`).verify(
        delivery!.body,
        headersOf(delivery!),
      ),
    ).toThrow();
  });

  it('retries a receiver answering 500 twice, with the same webhook-id, until its 200, and logs each attempt', async () => {
    const created = await endpoint(adminA, '/flaky', { event_types: ['ping'] });
    receiver.answers['/flaky'] = [500, 500, 200];
    const ping = await adminA.webhookEndpoints.test({ params: { webhookendpoint_id: created.id } });
    expect(ping.status).toBe(202);
    await waitFor(() => receiver.at('/flaky').length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const attempts = receiver.at('/flaky');
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((attempt) => attempt.headers['webhook-id']))).toEqual(
      new Set([ping.status === 202 ? ping.body.event_id : '']),
    );
    for (const attempt of attempts)
      expect(() => new Webhook(created.secret).verify(attempt.body, headersOf(attempt))).not.toThrow();
    await waitFor(async () => {
      const log = await adminA.webhookEndpoints.listDeliveries({ params: { webhookendpoint_id: created.id } });
      return log.status === 200 && log.body.count === 3;
    });
    const log = await adminA.webhookEndpoints.listDeliveries({ params: { webhookendpoint_id: created.id } });
    expect(
      log.status === 200 &&
        log.body.results.map((attempt) => [attempt.attempt, attempt.status_code, attempt.succeeded]),
    ).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
  });

  it('sends nothing to a disabled endpoint, partner B’s or a demo endpoint of partner A’s live events', async () => {
    await endpoint(adminA, '/disabled', { enabled: false });
    await endpoint(svc.client(partnerA.api_keys.demo), '/demo');
    await endpoint(svc.client(partnerB.api_keys.live), '/b');
    await endpoint(adminA, '/all');
    const applicantId = await quickScreen(adminA, partnerA);
    await waitFor(() => receiver.at('/all').some((request) => request.body.includes('application.returned')));
    // Every event of A reached /all; give the others the same time to (wrongly) get something.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.at('/all').filter((request) => request.body.includes(applicantId)).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(receiver.at('/disabled')).toEqual([]);
    expect(receiver.at('/demo')).toEqual([]);
    expect(receiver.at('/b')).toEqual([]);
    const applicantOfB = await quickScreen(svc.client(partnerB.api_keys.live), partnerB);
    await waitFor(() => receiver.at('/b').some((request) => request.body.includes(applicantOfB)));
    expect(receiver.at('/b').every((request) => !request.body.includes(applicantId))).toBe(true);
  });

  it('turns off an endpoint that answers 410 Gone', async () => {
    const created = await endpoint(adminA, '/gone', { event_types: ['ping'] });
    receiver.answers['/gone'] = [410];
    await adminA.webhookEndpoints.test({ params: { webhookendpoint_id: created.id } });
    await waitFor(async () => {
      const found = await adminA.webhookEndpoints.retrieve({ params: { webhookendpoint_id: created.id } });
      return found.status === 200 && !found.body.enabled;
    });
    expect(await adminA.webhookEndpoints.retrieve({ params: { webhookendpoint_id: created.id } })).toMatchObject({
      status: 200,
      body: { enabled: false, disabled_reason: 'gone' },
    });
    expect(receiver.at('/gone')).toHaveLength(1);
  });

  it('signs with both secrets during a rotation’s overlap', async () => {
    const created = await endpoint(adminA, '/rotated', { event_types: ['ping'] });
    const rotated = await adminA.webhookEndpoints.rotateSecret({
      params: { webhookendpoint_id: created.id },
      body: { overlap_seconds: 3_600 },
    });
    if (rotated.status !== 200) throw new Error('rotation refused');
    expect(rotated.body.secret).not.toBe(created.secret);
    await adminA.webhookEndpoints.test({ params: { webhookendpoint_id: created.id } });
    await waitFor(() => receiver.at('/rotated').length > 0);
    const [delivery] = receiver.at('/rotated');
    expect(String(delivery!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [created.secret, rotated.body.secret])
      expect(() => new Webhook(secret).verify(delivery!.body, headersOf(delivery!))).not.toThrow();
  });

  it('replays the events since a time, with their original webhook-ids', async () => {
    const since = new Date().toISOString();
    const applicantId = await quickScreen(adminA, partnerA);
    const created = await endpoint(adminA, '/replayed', { event_types: ['application.returned'] });
    const replay = await adminA.webhookEndpoints.replay({
      params: { webhookendpoint_id: created.id },
      body: { since },
    });
    expect(replay).toMatchObject({ status: 202, body: { events: 1 } });
    await waitFor(() => receiver.at('/replayed').length > 0);
    expect(receiver.at('/replayed')[0]!.body).toContain(applicantId);
  });

  it('never delivers a partner admin’s key events to a team’s endpoint, replays included, while the partner’s endpoint gets them and the team gets its user’s', async () => {
    const since = new Date().toISOString();
    const keyEvents = { event_types: ['api_key.created', 'api_key.revoked'] as Array<'api_key.created'> };
    const teamClient = svc.client(await svc.newTeamUserKey(partnerA.users.hr));
    const teamEndpoint = await endpoint(teamClient, '/team-keys', keyEvents);
    await endpoint(adminA, '/partner-keys', keyEvents);
    const issue = async (body: { name: string; user_id?: string }) => {
      const created = await adminA.apiKeys.create({ body: { environment: 'live', ...body } });
      if (created.status !== 201) throw new Error(`key refused: ${JSON.stringify(created.body)}`);
      return created.body.id;
    };
    // The partner admin's own key, issued and revoked; then a key of the team's user (what the team may see).
    const adminKey = await issue({ name: 'admin own' });
    expect((await adminA.apiKeys.revoke({ params: { api_key_id: adminKey } })).status).toBe(204);
    const teamUserKey = await issue({ name: 'team user', user_id: partnerA.users.hr });
    const keyEventsAt = (path: string) =>
      receiver.at(path).map((request) => {
        const event = JSON.parse(request.body) as { type: string; data: { api_key_id: string } };
        return `${event.type} ${event.data.api_key_id}`;
      });
    // Each event is its own delivery job, so they may arrive in any order: wait for all three at the partner's.
    const partnerExpects = [
      `api_key.created ${adminKey}`,
      `api_key.revoked ${adminKey}`,
      `api_key.created ${teamUserKey}`,
    ];
    await waitFor(
      () =>
        partnerExpects.every((seen) => keyEventsAt('/partner-keys').includes(seen)) &&
        keyEventsAt('/team-keys').includes(`api_key.created ${teamUserKey}`),
    );
    // The admin's events reached the partner's endpoint: any that fanned out to the team's would have come too.
    const replay = await teamClient.webhookEndpoints.replay({
      params: { webhookendpoint_id: teamEndpoint.id },
      body: { since },
    });
    expect(replay.status).toBe(202);
    await waitFor(
      () => keyEventsAt('/team-keys').filter((seen) => seen === `api_key.created ${teamUserKey}`).length >= 2,
    );
    expect(keyEventsAt('/team-keys').filter((seen) => seen.endsWith(adminKey))).toEqual([]);
    // Nor does the team user's key list them.
    const listed = await teamClient.events.list({ query: { created_after: since, page_size: 100 } });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.status === 200 ? listed.body.results : [])).not.toContain(adminKey);
  });

  it('manages endpoints in the tenancy rules: another partner’s id answers 404', async () => {
    const created = await endpoint(adminA, '/managed');
    const stranger = svc.client(partnerB.api_keys.live);
    expect(await stranger.webhookEndpoints.retrieve({ params: { webhookendpoint_id: created.id } })).toMatchObject({
      status: 404,
    });
    const listed = await adminA.webhookEndpoints.list({ query: {} });
    expect(listed.status === 200 && listed.body.results.map((item) => item.id)).toContain(created.id);
    expect(listed.status === 200 && JSON.stringify(listed.body)).not.toContain('whsec_');
    const replaced = await adminA.webhookEndpoints.replace({
      params: { webhookendpoint_id: created.id },
      body: { url: `${receiver.url}/managed-2`, event_types: ['check.completed'] },
    });
    expect(replaced).toMatchObject({
      status: 200,
      body: { url: `${receiver.url}/managed-2`, event_types: ['check.completed'] },
    });
    expect(await adminA.webhookEndpoints.delete({ params: { webhookendpoint_id: created.id } })).toMatchObject({
      status: 204,
    });
    expect(await adminA.webhookEndpoints.retrieve({ params: { webhookendpoint_id: created.id } })).toMatchObject({
      status: 404,
    });
  });
});
