import { createHash } from 'node:crypto';
import type { CheckName, HrApplicantListItem, InformationInput, RequestFlag } from '@svc/contract';
import {
  assembleApplicationResults,
  redactDeep,
  redactionsFor,
  reportSummary,
  responsePrivacyOf,
  type CheckRun,
  type HrApplicationResults,
  type PmApplicationResults,
  type ResultField,
  type ScoringInformation,
  type SimulatedCheck,
} from '@svc/domain';
import type { Applicant } from '@svc/db/entities';
import type { ApplicantRecord } from './sql.js';

// The computed part of an applicant's record (results, scores, summary), shared by the API's presenters and the
// worker's report: both read the same executions through the same assembly of @svc/domain.

/**
 * A stable id for a nested result object without a check of its own: a name-based (SHA-1, version 5 layout) UUID
 * of the applicant and the object's purpose, so the same object keeps its id from one read to the next.
 */
export function stableResultId(applicantId: string, purpose: string): string {
  const bytes = createHash('sha1').update(`${applicantId}:${purpose}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the computed part of a record is computed from: a list item has this much of its record. */
type ResultsSource = Pick<ApplicantRecord, 'information' | 'team' | 'executions'> & {
  applicant: Pick<Applicant, 'id' | 'kind' | 'reportStatus' | 'requestedFlags' | 'returnedAt' | 'lastUpdated'>;
};

/** The domain's view of the applicant's check executions. */
export const checkRunsOf = (record: Pick<ApplicantRecord, 'executions'>): CheckRun[] =>
  record.executions.map((execution) => ({
    checkName: execution.checkName as CheckName,
    status: execution.status,
    simulated: execution.status === 'COMPLETE' ? (execution.result as SimulatedCheck | null) : null,
    resultId: execution.resultId,
  }));

/**
 * The results of the record, with the SIN/SSN and the date of birth taken out of every text and list that quotes
 * them when the team hides them (`hide_sin_ssn`, `hide_date_of_birth`): a court record's "born …", a trace's dates
 * of birth and SSN digits. Nothing is rewritten for a team that hides neither.
 */
function assemble(record: ResultsSource, teamType: 'HR' | 'PM') {
  const { applicant } = record;
  const results = assembleApplicationResults({
    checks: checkRunsOf(record),
    requestedFlags: applicant.requestedFlags as RequestFlag[],
    teamType,
    ids: (purpose) => stableResultId(applicant.id, purpose),
    // The moment the results were last produced, not the moment they are read: the record is the same on every read.
    now: applicant.returnedAt ?? applicant.lastUpdated,
    information: record.information as ScoringInformation,
  });
  return redactDeep(
    results,
    redactionsFor(record.information as InformationInput, responsePrivacyOf(record.team.settingsConfig)),
  );
}

/** Every computed field of an HR record (results, identity objects, verification enums, scores and risk pairs). */
export const hrApplicationResultsOf = (record: ApplicantRecord): HrApplicationResults =>
  assemble(record, 'HR') as HrApplicationResults;

/** Every computed field of a PM record. */
export const pmApplicationResultsOf = (record: ApplicantRecord): PmApplicationResults =>
  assemble(record, 'PM') as PmApplicationResults;

/** The list item's `report_summary`; `disputedResults`: the result fields holding what the applicant disputes. */
export function reportSummaryOf(
  record: ResultsSource,
  disputedResults: readonly ResultField[] = [],
): HrApplicantListItem['report_summary'] {
  return reportSummary({
    results: assemble(record, record.applicant.kind),
    reportStatus: record.applicant.reportStatus,
    disputedResults,
  });
}
