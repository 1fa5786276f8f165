import type { EntityManager } from 'typeorm';
import { Applicant } from '../entities/applicant.js';
import { Report } from '../entities/report.js';
import { uuidv7 } from '../ids.js';
import { findListing, type ListingRecord } from '../repositories/listings.js';
import type { RenderedReport } from './report-finalisation.js';
import type { ApplicationScope } from './order-rules.js';
import { applicantQuery, findApplicant, type ApplicantRecord } from './queries.js';

/** What a report shows: the applicant's record and, for PM, the listing applied for. */
export type ReportRecord = ApplicantRecord & { listing: ListingRecord | null };

/** The record a report of `applicantId` is rendered from (the worker's view: no tenant scope), or null. */
export async function findReportRecord(manager: EntityManager, applicantId: string): Promise<ReportRecord | null> {
  const applicant = await manager.findOne(Applicant, {
    where: { id: applicantId },
    select: { id: true, partnerId: true, environment: true, kind: true },
  });
  if (!applicant) return null;
  const scope = { partnerId: applicant.partnerId, environment: applicant.environment, kind: applicant.kind };
  const record = await findApplicant(manager, { scope, applicantId });
  if (!record) return null;
  const listingId = record.application.listingId;
  const listing = listingId
    ? await findListing(manager, { partnerId: scope.partnerId, environment: scope.environment, listingId })
    : null;
  return { ...record, listing };
}

/** Stores a rendered report version; a version stored before stays as it was (a re-delivered job). */
export async function storeReport(
  manager: EntityManager,
  { applicant, version, rendered }: { applicant: Applicant; version: number; rendered: RenderedReport },
): Promise<void> {
  await manager
    .createQueryBuilder()
    .insert()
    .into(Report)
    .values({
      id: uuidv7(),
      applicantId: applicant.id,
      partnerId: applicant.partnerId,
      environment: applicant.environment,
      version,
      html: rendered.html,
      pdf: Buffer.from(rendered.pdf),
      pageSize: rendered.pageSize,
      fileName: rendered.fileName,
    })
    .orIgnore()
    .execute();
}

/** A stored report version without its content. */
export type StoredReportSummary = Pick<
  Report,
  'applicantId' | 'partnerId' | 'environment' | 'version' | 'fileName' | 'pageSize' | 'created'
>;

/** The report of an applicant at its current version, with only the part asked for (the HTML or the PDF). */
export async function findReportContent<P extends 'html' | 'pdf'>(
  manager: EntityManager,
  { applicantId, version, part }: { applicantId: string; version: number; part: P },
): Promise<(StoredReportSummary & Pick<Report, P>) | null> {
  return manager.findOne(Report, {
    where: { applicantId, version },
    select: {
      id: true,
      applicantId: true,
      partnerId: true,
      environment: true,
      version: true,
      fileName: true,
      pageSize: true,
      created: true,
      [part]: true,
    },
  }) as Promise<(StoredReportSummary & Pick<Report, P>) | null>;
}

/** Where an applicant's report stands, as a report operation of the scope sees it; null when not in the scope. */
export type ApplicantReportState = Pick<Applicant, 'id' | 'partnerId' | 'environment' | 'status' | 'reportVersion'>;

export async function findApplicantReportState(
  manager: EntityManager,
  { scope, applicantId }: { scope: ApplicationScope; applicantId: string },
): Promise<ApplicantReportState | null> {
  return applicantQuery(manager, scope)
    .andWhere('applicant.id = :applicantId', { applicantId })
    .select([
      'applicant.id',
      'applicant.partnerId',
      'applicant.environment',
      'applicant.status',
      'applicant.reportVersion',
    ])
    .getOne();
}

/** The applicant's `is_viewed` becomes true once its report is opened. */
export async function markReportViewed(manager: EntityManager, applicantId: string): Promise<void> {
  await manager.update(Applicant, { id: applicantId, isViewed: false }, { isViewed: true });
}

/** Whether the applicant was erased (its reports are gone): a hosted link to one of them answers 410. */
export async function isApplicantErased(manager: EntityManager, applicantId: string): Promise<boolean> {
  const applicant = await manager.findOne(Applicant, {
    where: { id: applicantId },
    select: { id: true, status: true },
  });
  return applicant?.status === 'Erased';
}
