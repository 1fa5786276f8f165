import type { CheckName, InformationInput } from '@svc/contract';
import type { SimulatedCheck, SimulatorLocation } from '../simulator/types.js';

/** What a provider is asked to check: one check of one applicant. Personal data: never log it. */
export type ProviderCheckRequest = {
  /** svc's id of the check: the provider's idempotency key (a check submitted twice is one check there). */
  readonly checkId: string;
  readonly checkName: CheckName;
  /** The team the applicant was ordered for (a provider may apply per-team settings). */
  readonly teamId: string;
  /** 1 for the first try, 2 for the first retry… */
  readonly attempt: number;
  /** How many times a partner retried the check after it failed (0 for its first run). */
  readonly retries: number;
  /** The kinds of document the applicant uploaded (`identity_document`, `selfie`, …): a result states only what they allow. */
  readonly collectedDocuments: readonly string[];
  readonly information: InformationInput;
  /** `position_or_property_location` of the order. */
  readonly location: SimulatorLocation;
  /** Countries of the international criminal record check, if any. */
  readonly requestedCountries: readonly string[] | null;
  readonly now: Date;
};

/**
 * What a provider says of a check: its result, that it will answer later (its reference then finds the check by
 * polling or by callback), or that it cannot run it (a permanent failure: the check is FAILED with the reason).
 * A temporary failure (timeout, outage) is thrown as a `ProviderTemporaryError` and retried with back-off.
 */
export type ProviderAnswer =
  | { readonly status: 'complete'; readonly result: SimulatedCheck }
  | { readonly status: 'pending'; readonly reference: string }
  | { readonly status: 'failed'; readonly reason: string };

/**
 * A provider of checks, in the worker (the Providers guide). `submit` is called once per attempt of a check; when it
 * answers `pending`, the check stays RUNNING with the reference until `status` (asked every `pollIntervalMs`, and when
 * the provider calls back) answers otherwise, or until `deadlineMs` after the submission (then FAILED,
 * `provider_timeout`).
 */
export interface ProviderAdapter {
  /** The configured name (`simulator` for the built-in one), stored with every check it runs. */
  readonly name: string;
  /** Whether its results are made up (the simulator): records and reports then say so. */
  readonly simulated: boolean;
  /** How long a submitted check may stay unanswered, in milliseconds. */
  readonly deadlineMs: number;
  /** How often a pending check is asked about, in milliseconds; 0: never (the provider calls back). */
  readonly pollIntervalMs: number;
  /**
   * A simulated provider's callback: the worker schedules the `provider.callback` job a provider would cause this long
   * after the submission. Real providers call `POST /providers/{name}/callbacks` instead.
   */
  readonly simulatedCallbackMs?: number;
  /**
   * The built-in identity provider: `submit` answers `pending` at once for a check with a document photo, and the
   * check's `identity.verify` job (a queue of its own, role `identity`, so that this work scales on workers of its own)
   * asks `status`, which verifies. A pending answer of `submit` enqueues that job.
   */
  readonly verifiesInIdentityJob?: boolean;
  /** How long the provider usually takes to answer a check, in milliseconds (for estimated completion times). */
  expectedTurnaround(checkName: CheckName): number;
  submit(request: ProviderCheckRequest): Promise<ProviderAnswer>;
  /** Where a submitted check stands (polling, and after a callback): `request` is what was submitted. */
  status(pending: { reference: string; submittedAt: Date; request: ProviderCheckRequest }): Promise<ProviderAnswer>;
  /**
   * Tells the provider to stop a submitted check: its application was cancelled (or erased). Idempotent: a check the
   * provider finished or does not know is fine. A temporary failure is thrown as a `ProviderTemporaryError` and
   * retried; whatever the provider answers about the check afterwards is discarded by svc anyway.
   */
  cancel(pending: {
    reference: string;
    request: Pick<ProviderCheckRequest, 'checkId' | 'checkName' | 'attempt' | 'now'>;
  }): Promise<void>;
}
