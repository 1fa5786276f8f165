import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { waitFor } from '@svc/db/testing';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, type TestApi } from '@svc/api/testing';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';
import { startTestWorker } from './support/worker.js';

/**
 * The worker checks each delivery's URL again, whatever the API accepted when the URL was written (an endpoint of a
 * development setting since turned off, a row written before a rule, a name that resolves elsewhere now): the real
 * worker and a receiver on loopback, which must get nothing it refuses. The API here allows private targets
 * (SVC_WEBHOOK_ALLOW_PRIVATE), so the endpoints can be written; URLs the API never takes are written in the table.
 */
describe.each(apiTargets())('each webhook delivery’s URL checked by the worker on $name', (target) => {
  let svc: TestApi;
  let receiver: WebhookReceiver;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  let worker: RunningWorker | undefined;

  beforeAll(async () => {
    receiver = await startReceiver();
    svc = await target.start({ SVC_WEBHOOK_ALLOW_PRIVATE: true, SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
    await receiver?.close();
  });

  /** A `ping` endpoint at `url` (written in the table when the API would not take it), pinged once. */
  const pingAt = async (path: string, url: string) => {
    const created = await admin.webhookEndpoints.create({
      body: { url: `${receiver.url}${path}`, event_types: ['ping'] },
    });
    if (created.status !== 201) throw new Error(`endpoint refused: ${JSON.stringify(created.body)}`);
    await svc.db.dataSource.query(`UPDATE webhook_endpoints SET url = $2 WHERE id = $1`, [created.body.id, url]);
    const ping = await admin.webhookEndpoints.test({ params: { webhookendpoint_id: created.body.id } });
    expect(ping.status).toBe(202);
    return created.body.id;
  };
  /** The first attempt's status code and error, once the worker made it. */
  const firstAttemptOf = async (endpointId: string) => {
    let first: { status_code: number | null; error: string | null } | undefined;
    await waitFor(async () => {
      const log = await admin.webhookEndpoints.listDeliveries({ params: { webhookendpoint_id: endpointId } });
      first = log.status === 200 ? log.body.results[0] : undefined;
      return first !== undefined;
    });
    return { status_code: first!.status_code, error: first!.error };
  };

  it('refuses a loopback address named or resolved, an IPv4-mapped IPv6 address, plain http and credentials, sending nothing', async () => {
    worker = await startTestWorker(svc, { webhooks: { allowPrivate: false, retryScheduleMs: [600_000], pollMs: 50 } });
    const { port } = receiver;
    const cases: Array<[path: string, url: string, error: string]> = [
      ['/literal', `https://127.0.0.1:${port}/literal`, 'refused_address'],
      // A name the API resolved to a public address once may resolve to this machine now: checked at each connection.
      ['/named', `https://localhost:${port}/named`, 'refused_address'],
      ['/mapped', `https://[::ffff:127.0.0.1]:${port}/mapped`, 'refused_address'],
      ['/plain', `http://127.0.0.1:${port}/plain`, 'https_required'],
      ['/credentials', `https://user:secret@127.0.0.1:${port}/credentials`, 'credentials_in_url'],
    ];
    const endpoints = await Promise.all(cases.map(async ([path, url]) => pingAt(path, url)));
    for (const [index, [path, , error]] of cases.entries()) {
      expect(await firstAttemptOf(endpoints[index]!), path).toEqual({ status_code: null, error });
      expect(receiver.at(path), path).toEqual([]);
    }
    await worker.stop();
    worker = undefined;
  });

  it('with SVC_WEBHOOK_ALLOW_PRIVATE delivers over http to this machine, and still never to a URL with credentials', async () => {
    worker = await startTestWorker(svc, { webhooks: { allowPrivate: true, retryScheduleMs: [600_000], pollMs: 50 } });
    const { port } = receiver;
    const allowed = await pingAt('/allowed', `http://127.0.0.1:${port}/allowed`);
    const credentials = await pingAt('/with-credentials', `http://user:secret@127.0.0.1:${port}/with-credentials`);
    expect(await firstAttemptOf(allowed)).toEqual({ status_code: 204, error: null });
    expect(receiver.at('/allowed')).toHaveLength(1);
    expect(await firstAttemptOf(credentials)).toEqual({ status_code: null, error: 'credentials_in_url' });
    expect(receiver.at('/with-credentials')).toEqual([]);
  });
});
