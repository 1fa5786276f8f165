import { table } from '../markup.js';
import { opLink, type Guide } from './guide.js';

/** The sample reports the build renders from @svc/report (see build-site.ts), and the picture of one printed page. */
export const SAMPLE_REPORTS = { hr: 'samples/report-hr.html', pm: 'samples/report-pm.html' } as const;
export const SAMPLE_REPORT_PAGE = 'assets/report-hr-page-1.png';

export const reportsGuide: Guide = {
  file: 'guides/reports.html',
  title: 'Reports',
  summary:
    'The report of a Returned application as JSON, HTML, PDF or a one-hour hosted link; what it shows and hides.',
  body: `<h1>Reports</h1>
<p class="lead">Once an application is <code>Returned</code>, its report exists in every format. Before, each report operation answers <code>409</code> <a href="errors.html#application_processing"><code>application_processing</code></a>.</p>
${table({
  caption: 'Report formats',
  head: ['Format', 'Operation', 'What you get'],
  rows: [
    [
      'JSON',
      opLink('hrRetrieveApplicant', 'Retrieve an applicant'),
      'The application record: every result object, scores and flags, for your own screens.',
    ],
    [
      'HTML',
      opLink('hrReportWeb', 'GET …/reports/{applicant_id}/web/'),
      '<code>{"html": "…"}</code>: one self-contained document (styles inline, nothing fetched from elsewhere), to show in your application.',
    ],
    [
      'PDF',
      opLink('hrReportPdf', 'GET …/reports/{applicant_id}/pdf/'),
      'The same document printed by Chromium: <code>application/pdf</code>, with a file name made of the applicant’s <code>short_uid</code> and the report version, like <code>svc-report-7KQ2M9XZ-v1.pdf</code> (never the applicant’s name). Letter in the US and Canada, A4 elsewhere; tagged for screen readers.',
    ],
    [
      'Hosted link',
      opLink('hrReportLink', 'GET …/reports/{applicant_id}/link/'),
      '<code>{"report_url": "…"}</code>: a signed URL of the PDF that anyone holding it can open for one hour, without an API key.',
    ],
  ],
})}
<h2 id="what-a-report-shows">What a report shows</h2>
<p>A header with your organisation and the applicant; the overall result and svc score; HR risk scores or PM scores with their labels; a summary table of every requested check with its status, result and main finding; red and green flags; then a section per check: criminal cases with charges, dispositions and sentences, credit files with accounts and collections, what each verification confirmed and what it could not, references, identity and driving records. A check the provider could not complete stays in the report, marked <em>Could not be completed – review</em>. Every page carries the report id, version, generation time and page numbers.</p>
<figure class="report-sample">
<img src="../${SAMPLE_REPORT_PAGE}" width="600" height="777" alt="First page of a sample HR report: the organisation and the applicant, the overall result REVIEW with an svc score of 40, employment risk scores, and the first rows of the summary of checks.">
<figcaption>The first page of a sample HR report (demo data). Open the whole <a href="../${SAMPLE_REPORTS.hr}">HR sample</a> or the <a href="../${SAMPLE_REPORTS.pm}">PM sample</a> as HTML.</figcaption>
</figure>
<h2 id="team-settings">Team settings that shape a report</h2>
${table({
  caption: 'Settings read when a report is rendered',
  head: ['Setting', 'Effect'],
  rows: [
    [
      '<code>hide_sin_ssn</code>',
      'The SIN/SSN is left out everywhere (it is never printed in full: at most its last digits), provider texts included; records and list items hide it too.',
    ],
    [
      '<code>hide_date_of_birth</code>',
      'The date of birth is left out everywhere, provider texts included; records and list items hide it too.',
    ],
    [
      '<code>hide_detailed_financial</code>',
      'The credit score and counts stay; accounts, balances, limits and amounts go.',
    ],
    ['<code>hide_current_address</code>', 'The current address is left out.'],
    [
      '<code>exclude_softcheck_possible_matches</code>',
      'Possible matches below 80% confidence are left out, and counted.',
    ],
    ['<code>compact_pdf_report</code>', 'The same summary and sections with fewer details per check.'],
    [
      '<code>whitelabel_report</code>, <code>org_name</code>, <code>org_primary_color</code>',
      'Your organisation name and colour instead of svc branding (the colour darkened where needed for contrast).',
    ],
  ],
})}
<h2 id="versions">Versions and upgrades</h2>
<p>The first report of an application is version 1. An ${opLink('hrUpgrade', 'upgrade')} runs only the new checks (on the information it added, if any) and renders version 2 with every result; meanwhile the report operations answer <code>409</code>. Versions are kept: a hosted link opens the version it was issued for.</p>
<h2 id="hosted-links">Hosted links</h2>
<ul>
<li>The URL carries an HMAC-signed token naming the applicant, the report version and the expiry: nothing to store, any API process can check it.</li>
<li>After one hour it answers <code>410</code> <a href="errors.html#link_expired"><code>link_expired</code></a>; ask for a new link. A changed or truncated token answers <code>404</code>. Neither says anything about the applicant.</li>
<li>PDFs are sent with <code>Cache-Control: private, no-store</code>.</li>
</ul>
<h2 id="audit">Audit</h2>
<p>Every access to a report (HTML, PDF, link issued, hosted PDF opened) is written to the audit log with the user and API key (none for a hosted link), the time, the client address and the request id. Opening a report through the API marks the application <code>is_viewed</code>.</p>`,
};
