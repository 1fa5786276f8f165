import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { load, median, type LoadFigures } from './load.js';
import { createBenchDatabase, startApiProcess, startWorkerProcess, type BenchDatabase } from './stack.js';
import { freePort } from '@svc/db/testing';

export const name = 'http';

const ROUNDS = 3;
const ROUND_SECONDS = 5;

/** A quick screen with three checks, as a partner would send it. */
export function quickScreenBody(ownerId: string, lastName = 'Lovelace'): string {
  return JSON.stringify({
    owner_id: ownerId,
    information: {
      first_name: 'Ada',
      last_name: lastName,
      date_of_birth: '1985-12-10',
      addresses: [
        {
          address: '1 Main St',
          city: 'Toronto',
          province_state: 'ON',
          country: 'CA',
          postal_code: 'M5V 1A1',
          start_date: '2015-01-01',
        },
      ],
    },
    position_or_property_location: {
      address: '100 King St W',
      city: 'Toronto',
      province_state: 'ON',
      country: 'CA',
      postal_code: 'M5X 1A9',
    },
    request_softcheck: true,
    request_criminal_record_check: true,
    request_identity_verification: true,
  });
}

export const authorised = (apiKey: string) => ({
  authorization: `Bearer ${apiKey}`,
  'content-type': 'application/json',
});

/** Orders a quick screen and polls its record until `Returned`; resolves with its id and the milliseconds it took. */
export async function screenUntilReturned({
  url,
  database,
  lastName,
}: {
  url: string;
  database: BenchDatabase;
  lastName?: string;
}): Promise<{ id: string; ms: number }> {
  const headers = authorised(database.account.api_keys.live);
  const started = performance.now();
  const created = await fetch(`${url}/api/v1/hr/applications/quick/`, {
    method: 'POST',
    headers,
    body: quickScreenBody(database.account.users.hr, lastName),
  });
  if (created.status !== 201) throw new Error(`quick screen answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  for (;;) {
    const record = (await (await fetch(`${url}/api/v1/hr/applicants/${id}/`, { headers })).json()) as {
      status: string;
    };
    if (record.status === 'Returned') return { id, ms: performance.now() - started };
    if (performance.now() - started > 60_000) throw new Error(`applicant ${id} not returned after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The floor server; with `bytes`, its constant answer has that many bytes in its body. */
async function startFloorServer({ bytes }: { bytes?: number } = {}): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(new URL('./floor-server.js', import.meta.url))], {
    env: { ...process.env, PORT: String(port), ...(bytes ? { FLOOR_BYTES: String(bytes) } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) =>
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve()),
  );
  return { url: `http://127.0.0.1:${port}/floor`, stop: () => child.kill('SIGTERM') };
}

/**
 * The API under load against the floor of this machine, side by side: rounds of the bare Express route, of the same
 * route answering as many bytes as the record's body, and of an authenticated retrieve alternate, so noise hits all
 * three; then quick screens (the worker stopped, so the API alone is measured); the GET from an API with its read
 * cache off; the GET once the team hides the values whose reads are audited, beside the floor again; the API's resident
 * memory at the end.
 */
export async function run(): Promise<Record<string, number>> {
  const database = createBenchDatabase('http');
  const api = await startApiProcess(database);
  const floor = await startFloorServer();
  let recordSizedFloor: Awaited<ReturnType<typeof startFloorServer>> | undefined;
  try {
    const worker = await startWorkerProcess(database);
    const { id } = await screenUntilReturned({ url: api.url, database });
    await worker.stop();

    const headers = authorised(database.account.api_keys.live);
    const retrieve = `${api.url}/api/v1/hr/applicants/${id}/`;
    const recordText = await (await fetch(retrieve, { headers })).text();
    // The record shows the full date of birth, so every answer commits its audit line first.
    if ((JSON.parse(recordText) as { information: { date_of_birth: unknown } }).information.date_of_birth === null)
      throw new Error('the record hides the date of birth: its GET would not be the audited one');
    const recordBytes = Buffer.byteLength(recordText);
    recordSizedFloor = await startFloorServer({ bytes: recordBytes });
    await load({ url: floor.url, seconds: 2 });
    await load({ url: recordSizedFloor.url, seconds: 2 });
    await load({ url: retrieve, headers, seconds: 2 });
    const floorRounds: LoadFigures[] = [];
    const recordSizedFloorRounds: LoadFigures[] = [];
    const retrieveRounds: LoadFigures[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      floorRounds.push(await load({ url: floor.url, seconds: ROUND_SECONDS }));
      recordSizedFloorRounds.push(await load({ url: recordSizedFloor.url, seconds: ROUND_SECONDS }));
      retrieveRounds.push(await load({ url: retrieve, headers, seconds: ROUND_SECONDS }));
    }
    // Warmed up like the GET: the quick screen's own code (validation, encryption, the order's statement) runs cold
    // for its first few seconds (about 2,000 requests before the JIT and the young generation settle).
    await load({
      url: `${api.url}/api/v1/hr/applications/quick/`,
      method: 'POST',
      headers,
      body: quickScreenBody(database.account.users.hr),
      seconds: ROUND_SECONDS,
    });
    const quickRounds: LoadFigures[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      quickRounds.push(
        await load({
          url: `${api.url}/api/v1/hr/applications/quick/`,
          method: 'POST',
          headers,
          body: quickScreenBody(database.account.users.hr),
          seconds: ROUND_SECONDS,
        }),
      );
    }
    // The same GET with every request reading PostgreSQL: what the read cache saves.
    const uncachedApi = await startApiProcess(database, { SVC_READ_CACHE_SECONDS: '0' });
    const uncachedRounds: LoadFigures[] = [];
    try {
      await load({ url: `${uncachedApi.url}/api/v1/hr/applicants/${id}/`, headers, seconds: 2 });
      for (let round = 0; round < ROUNDS; round += 1)
        uncachedRounds.push(
          await load({ url: `${uncachedApi.url}/api/v1/hr/applicants/${id}/`, headers, seconds: ROUND_SECONDS }),
        );
    } finally {
      await uncachedApi.stop();
    }
    // The same GET where the team hides the full date of birth and SIN/SSN: its record shows neither, so the answer
    // leaves without an audit line committed first (what that commit costs the GET). A new API process: no cached
    // answer of before the change.
    database.sql(
      `UPDATE teams SET settings_config = settings_config || '{"hide_sin_ssn": true, "hide_date_of_birth": true}'::jsonb WHERE id = '${database.account.teams.hr}'`,
    );
    const unauditedApi = await startApiProcess(database);
    const unauditedFloorRounds: LoadFigures[] = [];
    const unauditedRounds: LoadFigures[] = [];
    try {
      const unauditedRetrieve = `${unauditedApi.url}/api/v1/hr/applicants/${id}/`;
      const shown = (await (await fetch(unauditedRetrieve, { headers })).json()) as {
        information: { date_of_birth: unknown; sin_ssn: unknown };
      };
      if (shown.information.date_of_birth !== null || shown.information.sin_ssn !== null)
        throw new Error('the team hides the date of birth and SIN/SSN, yet the record shows them');
      await load({ url: unauditedRetrieve, headers, seconds: 2 });
      for (let round = 0; round < ROUNDS; round += 1) {
        unauditedFloorRounds.push(await load({ url: floor.url, seconds: ROUND_SECONDS }));
        unauditedRounds.push(await load({ url: unauditedRetrieve, headers, seconds: ROUND_SECONDS }));
      }
    } finally {
      await unauditedApi.stop();
    }
    const errors = [...retrieveRounds, ...quickRounds, ...uncachedRounds, ...unauditedRounds].reduce(
      (sum, figures) => sum + figures.errors,
      0,
    );
    if (errors > 0) throw new Error(`${errors} requests failed under load`);
    const floorRps = median(floorRounds.map((figures) => figures.rps));
    const recordSizedFloorRps = median(recordSizedFloorRounds.map((figures) => figures.rps));
    const retrieveRps = median(retrieveRounds.map((figures) => figures.rps));
    const uncachedRps = median(uncachedRounds.map((figures) => figures.rps));
    const unauditedFloorRps = median(unauditedFloorRounds.map((figures) => figures.rps));
    const unauditedRps = median(unauditedRounds.map((figures) => figures.rps));
    return {
      http_floor_rps: Math.round(floorRps),
      get_applicant_rps: Math.round(retrieveRps),
      get_applicant_ratio: Number((retrieveRps / floorRps).toFixed(3)),
      get_applicant_p99_ms: median(retrieveRounds.map((figures) => figures.p99Ms)),
      get_applicant_bytes: recordBytes,
      http_floor_record_size_rps: Math.round(recordSizedFloorRps),
      get_applicant_ratio_record_size: Number((retrieveRps / recordSizedFloorRps).toFixed(3)),
      get_applicant_uncached_rps: Math.round(uncachedRps),
      get_applicant_uncached_ratio: Number((uncachedRps / floorRps).toFixed(3)),
      get_applicant_uncached_p99_ms: median(uncachedRounds.map((figures) => figures.p99Ms)),
      http_floor_unaudited_rps: Math.round(unauditedFloorRps),
      get_applicant_unaudited_rps: Math.round(unauditedRps),
      get_applicant_unaudited_ratio: Number((unauditedRps / unauditedFloorRps).toFixed(3)),
      quick_screen_rps: Math.round(median(quickRounds.map((figures) => figures.rps))),
      quick_screen_p99_ms: median(quickRounds.map((figures) => figures.p99Ms)),
      api_rss_mb: Math.round(api.rssMb()),
    };
  } finally {
    floor.stop();
    recordSizedFloor?.stop();
    await api.stop();
    database.drop();
  }
}
