import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentWatchlistVersions } from '@svc/db';
import { waitFor } from '@svc/db/testing';
import { WATCHLIST_FETCH_QUEUE } from '@svc/services';
import { loadWorkerConfig, type RunningWorker } from '@svc/worker';
import { apiTargets, type TestApi } from '@svc/api/testing';
import { startTestWorker } from './support/worker.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../packages/watchlists/test/fixtures/${name}`, import.meta.url));

/**
 * The scheduled download of a list (`SVC_WATCHLIST_FETCH`): a worker downloads the list from the operator's URL (here a
 * server on loopback serving the official fixture) and imports it; a download cut short is refused whole and the
 * version in force stays. The schedule's occurrence is a `watchlist.fetch` job: the test queues one as the schedule
 * would.
 */
describe.each(apiTargets())('the scheduled download of a list on $name', (target) => {
  let svc: TestApi;
  let worker: RunningWorker | undefined;
  let server: Server;
  let body = '';
  let url = '';

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/xml');
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sdn.xml`;
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    const { SVC_WATCHLIST_FETCH } = loadWorkerConfig({ SVC_WATCHLIST_FETCH: JSON.stringify({ ofac_sdn: url }) });
    worker = await startTestWorker(svc, { watchlistFetch: SVC_WATCHLIST_FETCH });
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  /** Queues an occurrence of the schedule and waits for it to finish. */
  const download = async () => {
    const id = await svc.api.deps.jobs.send(WATCHLIST_FETCH_QUEUE, {});
    await waitFor(async () => {
      const [job] = (await svc.db.dataSource.query(`SELECT state FROM pgboss.job WHERE id = $1`, [id])) as Array<{
        state: string;
      }>;
      return job?.state === 'completed';
    });
  };
  const versions = () => currentWatchlistVersions(svc.db.dataSource.manager);

  it('imports the list served at the URL, then refuses a download cut short and keeps the version in force', async () => {
    const sdn = await readFile(fixture('sdn.xml'), 'utf8');
    body = sdn;
    await download();
    const [imported] = await versions();
    expect(imported).toMatchObject({ source: 'ofac_sdn', supersededAt: null });
    expect(imported!.entryCount).toBeGreaterThan(0);

    body = sdn.slice(0, Math.floor(sdn.length / 2));
    await download();
    expect(await versions()).toEqual([imported]);

    body = 'not a list at all';
    await download();
    expect(await versions()).toEqual([imported]);
  });
});
