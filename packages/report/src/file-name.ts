import type { ReportView } from '@svc/domain';

/** Lower-case ASCII words joined by dashes: accents dropped, anything else removed (`Ñúñez O'Brien` -> `nunez-o-brien`). */
function asciiSlug(value: string, maxLength: number): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
}

/** The PDF's file name: `svc-report-<last name>-<first 8 characters of the report id>-v<version>.pdf`, ASCII only. */
export function reportFileName(view: ReportView): string {
  const lastName = asciiSlug(view.applicant.lastName, 40) || 'applicant';
  const shortId = asciiSlug(view.report.id, 64).replaceAll('-', '').slice(0, 8) || 'report';
  return `svc-report-${lastName}-${shortId}-v${Math.max(1, Math.trunc(view.report.version))}.pdf`;
}
