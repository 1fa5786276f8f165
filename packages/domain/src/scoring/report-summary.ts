import {
  checkResult,
  packageResultStatus,
  reportStatus as reportStatusEnum,
  SUMMARY_RESULT_FIELDS,
  verification,
  type BaseResult,
  type EnumValue,
  type reportSummarySchema,
  type SummaryResultField,
} from '@svc/contract';
import type { ResultField } from '../checks/catalogue.js';
import { worstOutcome } from '../simulator/context.js';
import type { SimulatedOutcome } from '../simulator/types.js';
import type { ApplicationResults } from './assemble.js';

export type ReportSummary = ReturnType<(typeof reportSummarySchema)['parse']>;
type SummaryEntry = NonNullable<ReportSummary['risk_result']>;
type ReportStatus = EnumValue<typeof reportStatusEnum>;

/** The summary entries made from one result object alike (every one but `instant_verify_result`, built apart). */
const BASE_SUMMARY_FIELDS = SUMMARY_RESULT_FIELDS.filter(
  (field): field is Exclude<SummaryResultField, 'instant_verify_result'> => field !== 'instant_verify_result',
);

const entryOf = (result: Pick<BaseResult, 'status' | 'result'>, dispute: boolean): SummaryEntry => ({
  status: result.status,
  status_label: packageResultStatus.labels[result.status],
  dispute,
  result: result.result,
  result_label: checkResult.labels[result.result],
});

/**
 * The instant verifications as one entry: progress of the slowest, the worst outcome (NONE while any is pending),
 * with each verification's result beside it.
 */
function instantVerifyEntry(results: ApplicationResults, dispute: boolean): ReportSummary['instant_verify_result'] {
  const instant = results.instant_verify_result;
  if (!instant) return null;
  const parts = [
    instant.instant_verify_employment,
    instant.instant_verify_education,
    instant.instant_verify_credential,
  ].filter((part): part is NonNullable<typeof part> => part !== null);
  const statuses = parts.map((part) => part.status);
  const status: BaseResult['status'] = statuses.every((value) => value === 'COMPLETE')
    ? 'COMPLETE'
    : statuses.every((value) => value === 'PENDING')
      ? 'PENDING'
      : statuses.some((value) => value === 'PENDING' || value === 'ANALYZING')
        ? 'ANALYZING'
        : 'FAILED';
  const outcomes = parts.map((part) => part.result);
  const result = outcomes.some((value) => value === 'NONE') ? 'NONE' : worstOutcome(outcomes as SimulatedOutcome[]);
  return { ...entryOf({ status, result }, dispute), ...instant };
}

/**
 * The `report_summary` of an applicant list item from the assembled results: one entry per result (null when
 * its checks were not requested), the verifications' entry, and the report's own result and status.
 * `disputedResults` names the result fields holding what the applicant disputes (none by default): their entries say
 * `dispute` (the verifications' one for `verification_result`), and so does the summary when any does, an identity
 * verification (which has no entry) included.
 */
export function reportSummary({
  results,
  reportStatus,
  disputedResults = [],
}: {
  results: ApplicationResults;
  reportStatus: ReportStatus;
  disputedResults?: readonly ResultField[];
}): ReportSummary {
  const disputed = (field: ResultField) => disputedResults.includes(field);
  const entries = Object.fromEntries(
    BASE_SUMMARY_FIELDS.map((field) => {
      const result = results[field];
      return [field, result ? entryOf(result, disputed(field)) : null];
    }),
  ) as Pick<ReportSummary, (typeof BASE_SUMMARY_FIELDS)[number]>;
  const verified = results.verification_result;
  return {
    ...entries,
    instant_verify_result: instantVerifyEntry(results, disputed('instant_verify_result')),
    svc_verification: verified
      ? {
          status: verified.status,
          status_label: packageResultStatus.labels[verified.status],
          dispute: disputed('verification_result'),
          employment_verification: verified.employment_verification,
          employment_verification_label: verification.labels[verified.employment_verification],
        }
      : null,
    report_result: results.result,
    report_result_label: checkResult.labels[results.result],
    report_status: reportStatus,
    report_status_label: reportStatusEnum.labels[reportStatus],
    dispute: disputedResults.length > 0,
  };
}
