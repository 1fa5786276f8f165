import type { CheckName } from '@svc/contract';
import { readInformation, type StoredInformation } from '../applications/information.js';
import type { Applicant, CheckExecution } from '@svc/db/entities';

/**
 * The check runs of apps/worker (DESIGN.md section 6 and 9.7). No lock is held across round trips: a step reads its
 * executions without locks, asks the domain's state machine, and writes only those still as it read them (the same
 * status and attempts, `updateExecutionsIfUnchanged`), a whole batch in one statement. So a re-delivered `check.run`
 * job changes nothing twice: a finished execution is not run again and its first outcome stands, and an execution
 * another delivery changed meanwhile is read again. Returning the applicant with its report, once its checks are done,
 * is `report-finalisation.ts`.
 *
 * `manager` is any EntityManager (`managerOf(db)`); each statement commits by itself.
 */

/** What one attempt of a check runs on: the check, the applicant's information (decrypted) and where. */
export type CheckRun = {
  checkExecutionId: string;
  applicantId: string;
  /** The applicant's team. */
  teamId: string;
  checkName: CheckName;
  /** 1 for the first try, 2 for the first retry… (the execution's `attempts` after this start). */
  attempt: number;
  /** How many times a partner retried the check after it failed (0: its first run). */
  retries: number;
  /** The documents the applicant uploaded in the portal (`identity_document`, `selfie`, …), for identity checks. */
  collectedDocuments: readonly string[];
  /** The applicant's whole information, sensitive fields decrypted. Personal data: never log it. */
  information: StoredInformation;
  /** `position_or_property_location` of the order (an invitation: the owner's team's province). */
  location: Record<string, unknown> | null;
  /** The applicant's country (the location's, else the owner's team's). */
  country: string;
  /** Countries of the international criminal record check (order parameter `requested_countries`), if any. */
  requestedCountries: string[] | null;
  /** The report version this check was ordered for. */
  reportVersion: number;
  /** Who runs it (`simulator` or a configured provider's name), decided when it was ordered. */
  provider: string;
  /** The provider's reference once submitted and answering later; null before. */
  providerReference: string | null;
};

/** What recording an outcome did: `applied` the first time, `already_applied` for a finished execution. */
export type CheckRunRecorded = { applicantId: string; outcome: 'applied' | 'already_applied' };

function requestedCountriesOf(applicant: Applicant): string[] | null {
  const countries = applicant.orderParameters?.requested_countries;
  return Array.isArray(countries) && countries.every((country) => typeof country === 'string')
    ? [...(countries as string[])]
    : null;
}

/** What an attempt of `execution` runs on (`attempt`: its number). */
export function checkRunOf(
  execution: CheckExecution,
  applicant: Applicant,
  attempt: number,
  collectedDocuments: readonly string[] = [],
): CheckRun {
  return {
    checkExecutionId: execution.id,
    applicantId: applicant.id,
    teamId: applicant.teamId,
    checkName: execution.checkName as CheckName,
    attempt,
    retries: execution.retries,
    collectedDocuments,
    information: readInformation(applicant),
    location: applicant.location,
    country: applicant.country,
    requestedCountries: requestedCountriesOf(applicant),
    reportVersion: execution.reportVersion,
    provider: execution.provider,
    providerReference: execution.providerReference,
  };
}
