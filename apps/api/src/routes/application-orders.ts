import type { OrderOutcome, OrderRefusal, RefusedFlag } from '@svc/domain';
import {
  acicParametersShape,
  MAX_HISTORY,
  requestedFlags,
  type OrderDryRun,
  type ProblemFieldError,
} from '@svc/contract';
import { type ApiPrincipal } from '@svc/db';
import {
  findApplicant,
  validateOrder,
  type OrderFields,
  type OrderIdempotency,
  type ApplicantRecord,
  type ApplicationScope,
} from '@svc/services';
import type { Request } from 'express';
import type { Deps } from '../deps.js';
import { teamScopeOf } from '../http/access.js';
import { AppError } from '../http/problem.js';

// What the HR and PM application routes share: their scope, and how a refused order is told to the client.

/** The applications a key works on: its partner and environment, its own team for a team user, one kind. */
export const applicationScopeOf = (principal: ApiPrincipal, kind: 'HR' | 'PM'): ApplicationScope => ({
  partnerId: principal.partner.id,
  environment: principal.environment,
  teamId: teamScopeOf(principal),
  kind,
});

const ACIC_PARAMETERS = Object.keys(acicParametersShape);

/** The request's `Idempotency-Key` with the caller's API key: an order placed again with them is the same order. */
export function orderIdempotencyOf(
  request: Pick<Request, 'get'>,
  principal: ApiPrincipal,
): OrderIdempotency | undefined {
  const key = request.get('idempotency-key');
  return key ? { apiKeyId: principal.quotaId, key } : undefined;
}

/** What every order body (invite and quick screen, HR and PM) says that the order's fields are read from. */
type OrderBody = {
  owner_id?: string | undefined;
  package_id?: string | undefined;
  email?: string | undefined;
  tag?: string | undefined;
  external_id?: string | undefined;
  metadata?: Record<string, string> | undefined;
  information?: unknown;
};

/** The fields every order reads from its body the same way; `owner_id` defaults to the key's user. */
export function orderFieldsOf<B extends OrderBody>(body: B, request: Pick<Request, 'get'>, principal: ApiPrincipal) {
  return {
    idempotency: orderIdempotencyOf(request, principal),
    ownerId: (body.owner_id ?? principal.user.id).toLowerCase(),
    flags: requestedFlags(body as Record<string, unknown>),
    packageId: body.package_id?.toLowerCase(),
    email: body.email as B['email'],
    tag: body.tag,
    externalId: body.external_id,
    metadata: body.metadata,
    information: body.information as B['information'],
  };
}

/** The ACIC parameters of an HR order body, as given (absent ones left out). */
export function acicParametersOf(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(ACIC_PARAMETERS.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]));
}

const KIND_NAMES = { HR: 'an HR team', PM: 'a PM team' } as const;

function refusedFlagError({ flag, reason }: RefusedFlag, kind: 'HR' | 'PM'): ProblemFieldError {
  return reason === 'not_applicable'
    ? { path: flag, code: 'not_applicable', message: `is not a check ${KIND_NAMES[kind]} can order` }
    : { path: flag, code: 'not_enabled', message: 'is not enabled for the team of owner_id; support can enable it' };
}

/** An operation on an applicant that was deleted: its personal data, results and reports are gone. */
export const applicantErased = () =>
  new AppError({
    code: 'applicant_erased',
    status: 410,
    detail: 'This applicant was deleted: their personal data, results and reports were erased.',
  });

/** An operation on an application that was cancelled: its checks stopped, and no report is made for it. */
export const applicationCancelled = () =>
  new AppError({
    code: 'application_cancelled',
    status: 409,
    detail: 'This application was cancelled: none of its checks runs any more and no report is made for it.',
  });

/** The problem answering a refused order (DESIGN.md section 5). */
export function orderRefusalProblem(refusal: OrderRefusal, kind: 'HR' | 'PM'): AppError {
  switch (refusal.code) {
    case 'invalid_owner':
      return AppError.validation([
        { path: 'owner_id', code: 'invalid_value', message: `is not a user of ${KIND_NAMES[kind]} of your account` },
      ]);
    case 'invalid_listing':
      return AppError.validation([
        { path: 'listing_id', code: 'invalid_value', message: 'is not a listing of the team of owner_id' },
      ]);
    case 'invalid_package':
      return AppError.validation([
        {
          path: 'package_id',
          code: 'invalid_value',
          message: 'is not a package of the team of owner_id in this environment, or orders no check',
        },
      ]);
    case 'check_not_enabled': {
      const flags = refusal.flags.map((refused) => refused.flag);
      return new AppError({
        code: 'check_not_enabled',
        status: 403,
        detail: `Your account is not configured for ${flags.join(', ')}. Support can enable a check for a team.`,
        errors: refusal.flags.map((refused) => refusedFlagError(refused, kind)),
      });
    }
    case 'provider_not_configured':
      return new AppError({
        code: 'provider_not_configured',
        status: 403,
        detail: `No provider is configured to run ${refusal.flags.join(', ')} for live applications; nothing was ordered. The operator names a provider for each check in SVC_PROVIDERS (API and workers; docs: Connecting real providers, /docs/guides/connecting-providers.html), or turns on SVC_LIVE_SIMULATION=1 to evaluate with made-up results. Demo keys always run the simulator.`,
        errors: refusal.flags.map((flag) => ({
          path: flag,
          code: 'provider_not_configured',
          message: 'no provider runs this check for live applications: the operator sets one in SVC_PROVIDERS',
        })),
      });
    case 'missing_information':
      return AppError.validation(refusal.missing.map(({ path, code, message }) => ({ path, code, message })));
    case 'information_conflict':
      return AppError.validation(
        refusal.fields.map(({ path, reason }) => ({
          path,
          code: 'invalid_value',
          message:
            reason === 'too_many_entries'
              ? `would hold more than ${MAX_HISTORY} entries with those recorded`
              : 'differs from the value already recorded: an upgrade adds information, it never changes what was given',
        })),
      );
    case 'not_found':
      return AppError.notFound('Applicant');
    case 'link_expired':
      return new AppError({ code: 'link_expired', status: 410, detail: 'The onboarding link has expired.' });
    case 'applicant_erased':
      return applicantErased();
    case 'external_id_taken':
      return AppError.conflict('Another order of this team has this external_id; nothing was ordered.', [
        { path: 'external_id', code: 'taken', message: 'is the external_id of another order of the team' },
      ]);
    case 'application_cancelled':
      return applicationCancelled();
    case 'application_processing':
      return new AppError({ code: 'application_processing', status: 409, detail: refusal.message });
    case 'no_new_checks':
    case 'already_submitted':
      return AppError.conflict(refusal.message);
    default:
      return refusal satisfies never;
  }
}

/** The value of an accepted order, or the problem of a refused one thrown. */
export function acceptedOrThrow<T>(outcome: OrderOutcome<T>, kind: 'HR' | 'PM'): T {
  if (!outcome.ok) throw orderRefusalProblem(outcome.refusal, kind);
  return outcome.value;
}

/** The record of an applicant just ordered, upgraded or asked for; 404 when not in the scope. */
export async function recordOrNotFound(
  deps: Deps,
  { scope, applicantId }: { scope: ApplicationScope; applicantId: string },
): Promise<ApplicantRecord> {
  const record = await findApplicant(deps.db, { scope, applicantId });
  if (!record) throw AppError.notFound('Applicant');
  return record;
}

/**
 * The answer of an order's dry run (`?dry_run=true`): 200 with what it would place, or the problem the order would get
 * thrown. Nothing is written.
 */
export async function dryRunAnswer(
  deps: Deps,
  {
    scope,
    type,
    order,
    applicants,
  }: { scope: ApplicationScope; type: 'invitation' | 'quick_screen'; order: OrderFields; applicants: number },
): Promise<{ status: 200; body: OrderDryRun }> {
  const preview = acceptedOrThrow(
    await validateOrder({ db: deps.db, scope, type, order, applicants, providers: deps.providers }),
    scope.kind,
  );
  return {
    status: 200,
    body: {
      dry_run: true,
      owner_id: preview.ownerId,
      team_id: preview.teamId,
      request_flags: [...preview.flags],
      package_id: preview.packageId ?? null,
      listing_id: preview.listingId ?? null,
      external_id: preview.externalId ?? null,
      applicants: preview.applicants,
    },
  };
}
