import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckName, InformationInput } from '@svc/contract';
import { simulateCheck, type SimulatorLocation } from '@svc/domain';
import { isProviderMessageSigned, signProviderMessage } from '@svc/services';

/** `probe`'s first value other than undefined, asked every 200 ms; fails naming `what` after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type Submitted = {
  reference: string;
  checkId: string;
  checkName: CheckName;
  information: InformationInput;
  location: SimulatorLocation;
  done: boolean;
  /** svc asked to stop it (`DELETE /checks/<reference>`). */
  cancelled: boolean;
};

/**
 * A provider speaking svc's HTTP provider protocol, on loopback, as an operator's provider would: it checks svc's
 * signatures, takes each check once per `check_id` (a submission repeated answers the same reference), answers
 * `pending` until the test completes a check, and then the result (the simulator's shapes). `failNextSubmits` answers
 * 503 to that many submissions first. `DELETE /checks/<reference>` (svc cancelling a check) marks it `cancelled`.
 */
export async function startProviderServer(secret: string) {
  const checks = new Map<string, Submitted>();
  const byCheckId = new Map<string, Submitted>();
  const requests: string[] = [];
  let failNextSubmits = 0;
  let refused = 0;
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const answerOf = (check: Submitted) => {
    if (!check.done) return { status: 'pending', reference: check.reference };
    const result = simulateCheck({
      checkName: check.checkName,
      information: check.information,
      location: check.location,
      now: new Date(),
    });
    return {
      status: 'complete',
      result: {
        outcome: result.outcome,
        red_flags: result.redFlags,
        green_flags: result.greenFlags,
        details: result.details,
      },
    };
  };
  const server: Server = createServer(async (request, response) => {
    const body = await read(request);
    const signed = isProviderMessageSigned({
      secret,
      body,
      timestamp: request.headers['x-svc-timestamp'] as string | undefined,
      signature: request.headers['x-svc-signature'] as string | undefined,
      now: new Date(),
    });
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (!signed) {
      refused += 1;
      return send(401, { error: 'bad signature' });
    }
    const path = (request.url ?? '').replace(/^\/[a-z-]+/, '');
    requests.push(`${request.method} ${path}`);
    if (request.method === 'POST' && path === '/checks') {
      if (failNextSubmits > 0) {
        failNextSubmits -= 1;
        return send(503, { error: 'busy' });
      }
      const submitted = JSON.parse(body.toString('utf8'));
      let check = byCheckId.get(submitted.check_id);
      if (!check) {
        check = {
          reference: `ref-${checks.size + 1}-${submitted.check_id.slice(-6)}`,
          checkId: submitted.check_id,
          checkName: submitted.check_name,
          information: submitted.information,
          location: submitted.location,
          done: false,
          cancelled: false,
        };
        checks.set(check.reference, check);
        byCheckId.set(check.checkId, check);
      }
      return send(202, { status: 'pending', reference: check.reference });
    }
    const match = /^\/checks\/([^/]+)$/.exec(path);
    const check = match && request.method !== 'POST' ? checks.get(decodeURIComponent(match[1]!)) : undefined;
    if (!check) return send(404, { error: 'unknown check' });
    if (request.method === 'DELETE') {
      check.cancelled = true;
      response.writeHead(204).end();
      return;
    }
    return send(200, answerOf(check));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    get refused() {
      return refused;
    },
    failNextSubmits(count: number) {
      failNextSubmits = count;
    },
    /** The check svc submitted with this `check_id` (svc's execution id), if any. */
    checkOf: (checkId: string) => byCheckId.get(checkId),
    complete(reference: string) {
      checks.get(reference)!.done = true;
    },
    /** Calls svc back about a check, signed as the protocol says (or with another secret). */
    callBack(svcUrl: string, provider: string, reference: string, signingSecret = secret) {
      const body = JSON.stringify({ reference });
      return fetch(`${svcUrl}/providers/${provider}/callbacks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signProviderMessage({ secret: signingSecret, body, now: new Date() }),
        },
        body,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
