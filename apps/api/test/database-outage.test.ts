import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, runMigrations, type BootstrappedAccount, type Database } from '@svc/db';
import { databaseTargets } from '@svc/db/testing';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { startApi, type RunningApi } from '../src/server.js';
import { bootstrapPartner } from '@svc/db';
import { rawRequest } from './support/api.js';
import { startTcpProxy } from './support/tcp-proxy.js';

const postgres = databaseTargets().find((target) => target.name === 'postgres');

/** PostgreSQL unreachable: the API answers 503 problems meanwhile and recovers without a restart. */
describe.skipIf(!postgres)('the database going away (PostgreSQL)', () => {
  let direct: Database;
  let proxied: Database;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let api: RunningApi;
  let account: BootstrappedAccount;

  beforeAll(async () => {
    direct = await (postgres as NonNullable<typeof postgres>).open();
    await runMigrations(direct);
    account = await bootstrapPartner(direct, { name: 'Outage partner' });
    const url = new URL(direct.dataSource.options.type === 'postgres' ? String((direct.dataSource.options as { url: string }).url) : '');
    proxy = await startTcpProxy({ targetHost: url.hostname, targetPort: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    proxied = await createDatabase({ url: url.toString(), poolSize: 4 });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    api = await startApi({ config, db: proxied, port: 0, logger: createLogger({ level: 'silent' }) });
  });
  afterAll(async () => {
    await api?.close();
    await proxy?.close();
    await proxied?.close().catch(() => undefined);
    await (postgres as NonNullable<typeof postgres>).dispose();
  });

  const listSuperteams = () => rawRequest(`${api.url}/api/v1/superteams/`, { apiKey: account.api_keys.live });

  it('answers 503 service_unavailable with Retry-After while it is unreachable, then recovers on its own', async () => {
    expect((await listSuperteams()).status).toBe(200);
    await proxy.cut();
    const during = await listSuperteams();
    expect(during.status).toBe(503);
    expect(during.body).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(during.headers.get('retry-after')).toBeTruthy();
    await proxy.restore();
    let recovered = 0;
    for (let attempt = 0; attempt < 20 && recovered !== 200; attempt += 1) {
      recovered = (await listSuperteams()).status;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBe(200);
  });
});
