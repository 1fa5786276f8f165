import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { claimIdempotencyKey, findPrincipalByApiKey } from '@svc/db';
import { type BootstrappedAccount } from '@svc/services';
import { useEncryptionKey } from '@svc/db/crypto';
import { idempotencyRequestHash } from '../src/http/idempotency.js';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';

describe.each(apiTargets({ everyDatabase: true }))('Idempotency-Key on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  beforeAll(async () => {
    svc = await target.start();
    account = await svc.newPartner();
  });
  afterAll(() => svc?.close());

  const createPackage = (key: string, body: unknown) =>
    rawRequest(`${svc.url}/api/v1/packages/`, {
      method: 'POST',
      apiKey: account.api_keys.demo,
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
  const packageCount = async () =>
    (await svc.client(account.api_keys.demo).packages.list({ query: {} })).body as { count: number };

  it('replays the first response to a retried request and creates nothing twice', async () => {
    const before = (await packageCount()).count;
    const first = await createPackage('order-1', { name: 'Basic', request_flags: ['request_softcheck'] });
    expect(first.status).toBe(201);
    // The same body with its keys in another order is the same request.
    const retry = await createPackage('order-1', { request_flags: ['request_softcheck'], name: 'Basic' });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await packageCount()).count).toBe(before + 1);
  });

  it('refuses the same key with a different request with 409 idempotency_key_reused', async () => {
    await createPackage('order-2', { name: 'Standard', request_flags: ['request_bureau'] });
    const reused = await createPackage('order-2', { name: 'Premium', request_flags: ['request_bureau'] });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('replays refusals too, and keeps keys of different API keys apart', async () => {
    const refused = await createPackage('order-3', { name: '' });
    expect(refused.status).toBe(400);
    expect((await createPackage('order-3', { name: '' })).body).toEqual(refused.body);
    const other = await svc.newPartner();
    const otherKey = await rawRequest(`${svc.url}/api/v1/packages/`, {
      method: 'POST',
      apiKey: other.api_keys.demo,
      headers: { 'content-type': 'application/json', 'idempotency-key': 'order-3' },
      body: JSON.stringify({ name: 'Theirs' }),
    });
    expect(otherKey.status).toBe(201);
  });

  it('stores a keyed hash of the request, not the SHA-256 of its body (a body with an SSN is not found back by trying every SSN)', async () => {
    const body = { name: 'Hashed', request_flags: ['request_softcheck'] };
    expect((await createPackage('order-hashed', body)).status).toBe(201);
    const [record] = (await svc.db.dataSource.query(
      `SELECT request_hash FROM idempotency_records WHERE idempotency_key = 'order-hashed'`,
    )) as Array<{ request_hash: string }>;
    const canonical = JSON.stringify({ name: body.name, request_flags: body.request_flags });
    for (const plain of [canonical, `POST /v1/packages\n${canonical}`]) {
      expect(record?.request_hash).not.toBe(createHash('sha256').update(plain).digest('hex'));
      expect(record?.request_hash).not.toBe(createHash('sha256').update(plain).digest('base64url'));
    }
    expect(record?.request_hash).toBe(idempotencyRequestHash({ method: 'POST', path: '/v1/packages', body }));
    expect((await createPackage('order-hashed', body)).headers.get('idempotent-replayed')).toBe('true');
    expect((await createPackage('order-hashed', { ...body, name: 'Other' })).status).toBe(409);
  });

  it('answers 409 with Retry-After while a request holds the key, and lets a retry take over a key whose request died', async () => {
    // A first attempt whose API process died after claiming the key: no response was ever stored. Its hash is the
    // middleware's: of the path below the `/api` mount point and the body.
    const principal = await findPrincipalByApiKey(svc.db.dataSource.manager, account.api_keys.demo);
    const body = { name: 'Orphaned', request_flags: ['request_softcheck'] };
    const requestHash = idempotencyRequestHash({ method: 'POST', path: '/v1/packages', body });
    await claimIdempotencyKey({
      manager: svc.db.dataSource.manager,
      apiKeyId: principal!.quotaId,
      key: 'order-orphan',
      requestHash,
      now: new Date(),
      leaseMs: 30_000,
    });
    const held = await createPackage('order-orphan', body);
    expect(held.status).toBe(409);
    expect(held.body).toMatchObject({ code: 'conflict' });
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    svc.advanceClock(31_000);
    const retried = await createPackage('order-orphan', body);
    expect(retried.status).toBe(201);
    expect((await createPackage('order-orphan', body)).body).toEqual(retried.body);
  });

  it('forgets a key after 24 hours', async () => {
    const first = await createPackage('order-4', { name: 'Day one' });
    svc.advanceClock(24 * 60 * 60 * 1000 + 1000);
    const later = await createPackage('order-4', { name: 'Day two' });
    expect(later.status).toBe(201);
    expect((later.body as { id: string }).id).not.toBe((first.body as { id: string }).id);
  });

  it('replays, during a key rotation, a response stored under the previous key (its request hash and sealed body)', async () => {
    const [keyA, keyB] = [randomBytes(32), randomBytes(32)];
    const body = { name: 'Rotated', request_flags: ['request_softcheck'] };
    useEncryptionKey(keyA);
    const first = await createPackage('order-rotated', body);
    expect(first.status).toBe(201);
    useEncryptionKey(keyB, keyA);
    const retried = await createPackage('order-rotated', body);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body).toEqual(first.body);
    expect((await createPackage('order-rotated', { ...body, name: 'Other' })).status).toBe(409);
  });
});
