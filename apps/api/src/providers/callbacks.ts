import { enqueueProviderCallback, isProviderMessageSigned } from '@svc/services';
import express, { type Express, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { sendProblem } from '../http/errors.js';
import { AppError } from '../http/problem.js';

export const PROVIDER_CALLBACK_PATH = '/providers';

const callbackSchema = z.object({ reference: z.string().min(1).max(200) });

/**
 * `POST /providers/<provider>/callbacks`: a provider of SVC_PROVIDERS says a check changed (the Providers guide). No
 * API key: the body is signed with the provider's secret (`X-Svc-Timestamp`, `X-Svc-Signature`), checked over the
 * raw bytes before anything is read. It answers 202 at once and a `provider.callback` job asks the provider where the
 * check stands, so a duplicate, late or out-of-order callback changes nothing. Not a partner operation, so not in the
 * contract (like the portal and hosted report links).
 */
export function mountProviderCallbacks(app: Express, deps: Deps): void {
  app.post(
    `${PROVIDER_CALLBACK_PATH}/:provider/callbacks`,
    express.raw({ type: () => true, limit: '16kb' }),
    async (request: Request, response: Response) => {
      const name = String(request.params.provider ?? '');
      const setting = Object.hasOwn(deps.config.SVC_PROVIDERS, name) ? deps.config.SVC_PROVIDERS[name] : undefined;
      // Built-in providers answer at once and never call back.
      if (!setting || setting.type !== 'http') return sendProblem(response, AppError.notFound('Provider'));
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signed = isProviderMessageSigned({
        secret: setting.secret,
        body,
        timestamp: request.get('x-svc-timestamp'),
        signature: request.get('x-svc-signature'),
        now: deps.now(),
      });
      if (!signed) {
        return sendProblem(
          response,
          new AppError({
            code: 'unauthenticated',
            status: 401,
            detail: 'The callback must be signed with the provider’s secret, within 5 minutes of its timestamp.',
          }),
        );
      }
      let parsed: ReturnType<typeof callbackSchema.safeParse>;
      try {
        parsed = callbackSchema.safeParse(JSON.parse(body.toString('utf8')));
      } catch {
        parsed = callbackSchema.safeParse(undefined);
      }
      if (!parsed.success) {
        return sendProblem(
          response,
          AppError.validation([{ path: 'reference', code: 'required', message: 'must be the reference of the check' }]),
        );
      }
      await enqueueProviderCallback({ jobs: deps.jobs, provider: name, reference: parsed.data.reference });
      response.status(202).json({ status: 'accepted' });
    },
  );
}
