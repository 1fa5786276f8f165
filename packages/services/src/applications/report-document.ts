import type { InformationInput, RequestFlag } from '@svc/contract';
import {
  buildReportView,
  isSimulatedProvider,
  organisationName,
  type ReportInput,
  type TeamSettings,
} from '@svc/domain';
import { renderReportHtml, reportFileName } from '@svc/report';
import type { Team } from '@svc/db/entities';
import { checkRunsOf, hrApplicationResultsOf, pmApplicationResultsOf } from './results.js';
import type { ReportRecord } from './find-report-record.js';
import type { ReportRenderer } from './report-finalisation.js';
import type { PdfPrinter } from '../legal-documents/print.js';

/** The organisation a report is issued for, named as its invitations name it, and its colour when it set one. */
function organisationOf(team: Team): ReportInput['organisation'] {
  const colour = team.settingsConfig.org_primary_color;
  return {
    name: organisationName({ settings: team.settingsConfig, teamName: team.name }),
    primaryColor: typeof colour === 'string' && /^#[0-9a-f]{6}$/i.test(colour) ? colour : null,
  };
}

function propertyAddressOf(listing: NonNullable<ReportRecord['listing']>): string {
  const { property } = listing;
  return [
    property.address,
    listing.unit ? `unit ${listing.unit}` : null,
    property.city,
    property.provinceState,
    property.postalCode,
    property.country,
  ]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(', ');
}

/** What @svc/domain builds the report view from: one finished applicant's record. */
function reportInputOf({
  record,
  reportVersion,
  generatedAt,
}: {
  record: ReportRecord;
  reportVersion: number;
  generatedAt: Date;
}): ReportInput {
  const { applicant, team, listing } = record;
  const failures = new Map(record.executions.map((execution) => [execution.checkName, execution.failure]));
  return {
    teamType: applicant.kind,
    applicantId: applicant.id,
    reportVersion,
    generatedAt,
    country: applicant.country,
    organisation: organisationOf(team),
    agencyName: record.agencyName,
    settings: team.settingsConfig as Partial<TeamSettings>,
    applicant: {
      email: applicant.email,
      status: applicant.status,
      created: applicant.created,
      submittedTime: applicant.submittedTime,
      returnedAt: applicant.returnedAt ?? generatedAt,
      tag: applicant.tag,
    },
    information: record.information as InformationInput,
    location: applicant.location,
    requestedFlags: applicant.requestedFlags as RequestFlag[],
    simulation:
      applicant.environment === 'demo'
        ? 'test_data'
        : record.executions.some((execution) => isSimulatedProvider(execution.provider))
          ? 'simulated'
          : null,
    checks: checkRunsOf(record).map((run) => ({ ...run, failure: failures.get(run.checkName) ?? null })),
    results: applicant.kind === 'HR' ? hrApplicationResultsOf(record) : pmApplicationResultsOf(record),
    pm:
      applicant.kind === 'PM'
        ? {
            shareOfRent: applicant.shareOfRent === null ? null : Number(applicant.shareOfRent),
            isCosigner: applicant.isCosigner,
            propertyAddress: listing ? propertyAddressOf(listing) : null,
            listingName: listing?.name ?? null,
          }
        : null,
  };
}

/**
 * The report of a finished applicant (DESIGN.md section 7): @svc/domain's view of its record, @svc/report's HTML of
 * that view, and the PDF the worker's Chromium (`pdf`) prints from the very same HTML, so `web/` and `pdf/` never
 * disagree.
 */
export function createReportRenderer({ pdf }: { pdf: PdfPrinter }): ReportRenderer {
  return async (subject) => {
    const view = buildReportView(reportInputOf(subject));
    const html = renderReportHtml(view);
    const bytes = await pdf.render({ html, pageSize: view.pageSize, attempt: subject.attempt });
    return {
      html,
      pdf: bytes,
      pageSize: view.pageSize,
      fileName: reportFileName({ shortUid: subject.record.applicant.shortUid, version: view.report.version }),
    };
  };
}
