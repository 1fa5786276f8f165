import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type HrApplication, type SvcClient } from '@svc/contract';
import { databaseTargets, waitFor } from '@svc/db/testing';
import type { BootstrappedAccount } from '@svc/services';
import { fullInformation, location, untilReturned } from '@svc/api/testing';
import { runCli, type CliOutput } from '../src/cli.js';
import { readPdf } from './support/pdf.js';
import { freePort, startApiProcess, type ApiProcess } from './reliability/support/api-process.js';

const postgresTarget = databaseTargets().find((target) => target.name === 'postgres');
/** The example provider of the repository, as the "Connecting real providers" guide starts it. */
const EXAMPLE_SERVER = fileURLToPath(new URL('../../../examples/provider-server/server.mjs', import.meta.url));
const SECRET = randomBytes(24).toString('hex');

/** The example provider server, started as the guide starts it: resolves with its URL and what it logged. */
async function startExampleProvider(environment: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [EXAMPLE_SERVER], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', PROVIDER_SECRET: SECRET, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(line);
        const listening = (JSON.parse(line) as { listening?: string }).listening;
        if (listening) resolve(listening);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the example provider exited (${code}): ${lines.join('\n')}`)));
  });
  return {
    url,
    lines,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The example provider server of the repository (examples/provider-server) answers a live order end to end, with
 * svc's production defaults: `svc api` and `svc worker` as processes on PostgreSQL, no live simulation, the provider
 * configured in SVC_PROVIDERS only. The check is submitted signed, the provider calls back when it is done, svc asks
 * its status and records the result as the provider's (not simulated); a check no provider runs is refused naming the
 * setting and the guide.
 */
describe.skipIf(!postgresTarget)(
  'the example provider server answers a live order (PostgreSQL, production defaults)',
  () => {
    const processes: ApiProcess[] = [];
    let provider: Awaited<ReturnType<typeof startExampleProvider>>;
    let account: BootstrappedAccount;
    let live: SvcClient;

    beforeAll(async () => {
      const port = await freePort();
      const svcUrl = `http://127.0.0.1:${port}`;
      provider = await startExampleProvider({ SVC_URL: svcUrl, RESULT_DELAY_MS: '500' });
      const db = await postgresTarget!.open();
      const environment = {
        DATABASE_URL: (db.dataSource.options as { url: string }).url,
        SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        SVC_PUBLIC_URL: svcUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        // The guide's configuration: the provider runs the criminal record check and calls back (no polling).
        SVC_PROVIDERS: JSON.stringify({
          example: {
            type: 'http',
            url: provider.url,
            secret: SECRET,
            checks: ['criminal_record_check'],
            poll_interval_seconds: 0,
          },
        }),
        // Production defaults: none of the development settings.
        NODE_ENV: undefined,
        SVC_LIVE_SIMULATION: undefined,
        SVC_DEV_OUTBOX: undefined,
        SVC_WEBHOOK_ALLOW_PRIVATE: undefined,
        LOG_LEVEL: 'info',
      };
      await db.close();
      const cli = (args: string[]) => {
        const output: CliOutput & { lines: string[]; errors: string[] } = {
          lines: [],
          errors: [],
          out: (text) => output.lines.push(text),
          error: (text) => output.errors.push(text),
        };
        return runCli(args, { output, environment: environment as NodeJS.ProcessEnv }).then((code) => {
          if (code !== 0) throw new Error(`svc ${args.join(' ')}: ${output.errors.join('\n')}`);
          return output.lines.join('\n');
        });
      };
      await cli(['migrate']);
      account = JSON.parse(await cli(['bootstrap', '--json'])) as BootstrappedAccount;
      for (const command of ['api', 'worker'] as const) {
        const started = startApiProcess({ command, environment, lines: [] });
        processes.push(started);
        await started.started;
      }
      live = createClient({ baseUrl: svcUrl, apiKey: account.api_keys.live });
    });
    afterAll(async () => {
      for (const started of processes) await started.kill('SIGTERM');
      await provider?.stop();
      await postgresTarget?.dispose();
    });

    it('runs a live criminal record check through the provider: submitted signed, called back, recorded as its result', async () => {
      const created = await live.hr.quickScreen({
        body: {
          owner_id: account.users.hr,
          information: fullInformation(),
          position_or_property_location: location,
          request_criminal_record_check: true,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      if (created.status !== 201) return;
      expect(created.body.simulated).toBe(false);
      const record = (await untilReturned(() =>
        live.hr.retrieveApplicant({ params: { applicant_id: created.body.id } }),
      )) as HrApplication;
      expect(record.simulated).toBe(false);
      expect(record.check_executions).toEqual([
        expect.objectContaining({ provider: 'example', simulated: false, status: 'COMPLETE' }),
      ]);
      expect(record.rcmp_result).toMatchObject({ status: 'COMPLETE', result: 'CLEAR' });
      // The provider saw one signed submission and called back; svc took the callback (202) and asked the status.
      await waitFor(async () => provider.lines.some((line) => line.includes('"callback"')));
      expect(provider.lines.filter((line) => line.includes('"submitted"'))).toHaveLength(1);
      expect(provider.lines.find((line) => line.includes('"callback"'))).toContain('"status":202');
      // A real result: the report says nothing of test data or simulation.
      const pdf = await live.hr.reportPdf({ params: { applicant_id: record.id } });
      expect(pdf.status).toBe(200);
      const text = (await readPdf(new Uint8Array(await (pdf.body as Blob).arrayBuffer()))).text;
      expect(text).not.toMatch(/TEST DATA|SIMULATED/);
      expect(text).toContain('Example Provider national records');
    });

    it('refuses a live check no provider runs with 403 provider_not_configured naming SVC_PROVIDERS and the guide', async () => {
      const refused = await live.hr.quickScreen({
        body: {
          owner_id: account.users.hr,
          information: fullInformation(),
          position_or_property_location: location,
          request_softcheck: true,
        },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'provider_not_configured',
        errors: [{ path: 'request_softcheck', code: 'provider_not_configured' }],
      });
      const { detail } = refused.body as { detail: string };
      expect(detail).toContain('SVC_PROVIDERS');
      expect(detail).toContain('/docs/guides/connecting-providers.html');
    });
  },
);
