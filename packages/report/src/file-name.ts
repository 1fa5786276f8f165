/**
 * The PDF's file name: `svc-report-<short uid>-v<version>.pdf`. It names the applicant by their short uid only,
 * never by name: file names end up in download folders, mail attachments and proxy logs.
 */
export function reportFileName({ shortUid, version }: { shortUid: string; version: number }): string {
  const uid = shortUid.replace(/[^A-Za-z0-9]/g, '').slice(0, 16) || 'report';
  return `svc-report-${uid}-v${Math.max(1, Math.trunc(version))}.pdf`;
}
