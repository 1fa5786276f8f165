import { apiKeyIdOf, recordAudit, type ApiPrincipal } from '@svc/db';
import {
  findApplicantReportState,
  findReportContent,
  markReportViewed,
  type ApplicantReportState,
} from '@svc/services';
import type { Request, Response } from 'express';
import type { Deps } from '../deps.js';
import { idOrNotFound } from '../http/access.js';
import { AppError } from '../http/problem.js';
import { requestIdOf } from '../http/request-id.js';
import { applicantErased, applicationCancelled, applicationScopeOf } from '../routes/application-orders.js';

/** What an access to a report is, in the audit log. */
export type ReportAccess = 'report.web' | 'report.pdf' | 'report.link' | 'report.hosted_pdf';

/** The refusal of a report asked for before the application is `Returned` (the seeds' "application is still processing"). */
export const applicationProcessing = () =>
  new AppError({
    code: 'application_processing',
    status: 409,
    detail: 'The application is still processing: its report is ready once the application `status` is `Returned`.',
  });

/**
 * Writes an access to an applicant's report to the audit log (who, when, from where) and marks it viewed. Hosted
 * links have no API key: their actor is empty and the address is what is known.
 */
export async function recordReportAccess(
  deps: Deps,
  {
    state,
    access,
    principal,
    request,
    response,
  }: {
    state: Pick<ApplicantReportState, 'id' | 'partnerId' | 'environment'>;
    access: ReportAccess;
    principal: ApiPrincipal | null;
    request: Pick<Request, 'ip'>;
    response: Response;
  },
): Promise<void> {
  const db = deps.db;
  await recordAudit(db, {
    partnerId: state.partnerId,
    environment: state.environment,
    actorUserId: principal?.user.id ?? null,
    actorApiKeyId: principal ? apiKeyIdOf(principal) : null,
    action: access,
    subjectType: 'applicant',
    subjectId: state.id,
    ipAddress: request.ip ?? null,
    requestId: requestIdOf(response),
  });
  if (principal) {
    await markReportViewed(db, state.id);
    // A GET that writes: the next read of the record (through this process) must show it viewed.
    deps.readCache.changed(state.partnerId);
  }
}

/** The applicant of a report operation: in the key's scope (else 404), not erased (else 410), not cancelled (else 409) and `Returned` (else 409). */
export async function returnedApplicantOf(
  deps: Deps,
  { principal, kind, applicantId }: { principal: ApiPrincipal; kind: 'HR' | 'PM'; applicantId: string },
): Promise<ApplicantReportState> {
  const state = await findApplicantReportState(deps.db, {
    scope: applicationScopeOf(principal, kind),
    applicantId: idOrNotFound(applicantId, 'Applicant'),
  });
  if (!state) throw AppError.notFound('Applicant');
  if (state.status === 'Erased') throw applicantErased();
  if (state.status === 'Cancelled') throw applicationCancelled();
  if (state.status !== 'Returned') throw applicationProcessing();
  return state;
}

/** The stored HTML or PDF of the applicant's report at `version`. A returned applicant always has one. */
export async function storedReportOf<P extends 'html' | 'pdf'>(
  deps: Deps,
  { applicantId, version, part }: { applicantId: string; version: number; part: P },
) {
  const report = await findReportContent(deps.db, { applicantId, version, part });
  if (!report) throw new Error(`applicant ${applicantId} has no stored report version ${version}`);
  return report;
}
