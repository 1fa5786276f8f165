import { checkExecutionStatus, orderStatus } from '@svc/contract';
import { table } from '../markup.js';
import { opLink, type Guide } from './guide.js';

type Box = {
  x: number;
  y: number;
  w: number;
  h: number;
  title: string;
  lines: string[];
  tone: 'wait' | 'run' | 'done';
};

/** One state of a diagram: a titled box of lines, coloured by its tone. */
export function box({ x, y, w, h, title, lines, tone }: Box): string {
  const text = lines
    .map((line, index) => `<text x="${x + 14}" y="${y + 50 + index * 18}" class="sm-line">${line}</text>`)
    .join('');
  return `<g class="sm-box sm-${tone}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10"/><text x="${x + 14}" y="${y + 26}" class="sm-title">${title}</text>${text}</g>`;
}

/** The application lifecycle as an inline SVG (no external resources), described for screen readers. */
export const stateDiagram = `<figure class="diagram">
<svg viewBox="0 0 890 380" role="img" aria-labelledby="sm-title sm-desc" xmlns="http://www.w3.org/2000/svg">
<title id="sm-title">Application and report states</title>
<desc id="sm-desc">An invite creates an application with status Pending, report_status SENT and order_status WAITING_ON_CANDIDATE. When the applicant submits the form, or directly when a quick screen is created, report_status becomes IN_PROGRESS and one job per check runs. When every check has finished and the report is rendered, status becomes Returned and report_status COMPLETE. An upgrade of a Returned application adds checks and goes back to Pending and IN_PROGRESS. Cancelling an application that has not returned makes it Cancelled, for good.</desc>
<defs><marker id="sm-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="sm-arrowhead"/></marker></defs>
${box({ x: 20, y: 40, w: 300, h: 100, title: 'Invited', lines: ['status: Pending', 'report_status: SENT', 'order_status: WAITING_ON_CANDIDATE'], tone: 'wait' })}
${box({ x: 340, y: 200, w: 250, h: 100, title: 'Checks running', lines: ['status: Pending', 'report_status: IN_PROGRESS', 'checks: QUEUED → RUNNING'], tone: 'run' })}
${box({ x: 620, y: 200, w: 250, h: 100, title: 'Returned', lines: ['status: Returned', 'report_status: COMPLETE', 'every report format ready'], tone: 'done' })}
<path d="M20,20 L20,40" class="sm-edge" marker-end="url(#sm-arrow)"/>
<text x="30" y="22" class="sm-label">invite</text>
<path d="M120,140 C120,250 220,250 336,250" class="sm-edge" marker-end="url(#sm-arrow)"/>
<text x="135" y="180" class="sm-label">applicant submits</text>
<text x="135" y="196" class="sm-label">the form, with consent</text>
<path d="M330,360 L465,360 L465,304" class="sm-edge" marker-end="url(#sm-arrow)"/>
<text x="240" y="364" class="sm-label">quick screen</text>
<path d="M590,250 L616,250" class="sm-edge" marker-end="url(#sm-arrow)"/>
<text x="600" y="335" class="sm-label">every check finished,</text>
<text x="600" y="351" class="sm-label">report rendered → Returned</text>
<path d="M745,200 C745,120 465,120 465,196" class="sm-edge sm-back" marker-end="url(#sm-arrow)"/>
<text x="480" y="112" class="sm-label">upgrade: new checks added, back to Pending</text>
</svg>
<figcaption>The lifecycle of an application. Reports and upgrades are available only in <strong>Returned</strong>.</figcaption>
</figure>`;

export const statesGuide: Guide = {
  file: 'guides/states.html',
  title: 'Application and report states',
  summary:
    'Pending, SENT and WAITING_ON_CANDIDATE, then IN_PROGRESS, then Returned and COMPLETE; upgrade goes back to Pending.',
  body: `<h1>Application and report states</h1>
<p class="lead">An application is <code>Pending</code> while its checks are outstanding and <code>Returned</code> when every report format is ready. Poll it, or let a webhook tell you: each change is an <a href="events.html">event</a>.</p>
${stateDiagram}
<h2 id="fields">The state fields</h2>
${table({
  caption: 'State fields of an application',
  head: ['Field', 'Values', 'Meaning'],
  rows: [
    [
      '<code>status</code>',
      '<code>Pending</code>, <code>Returned</code>, <code>Cancelled</code>, <code>Erased</code>',
      'Application (and applicant) status. <code>Returned</code> means every report format (JSON, PDF, link, HTML) is ready. <code>Cancelled</code>: cancelled or withdrawn before it returned (<code>cancelled_at</code>, <code>cancelled_by</code>, <code>cancellation_reason</code>); no report, ever. <code>Erased</code>: its personal data erased, an anonymous record kept.',
    ],
    [
      '<code>report_status</code>',
      '<code>SENT</code>, <code>IN_PROGRESS</code>, <code>COMPLETE</code>',
      'Invitation sent; checks running; report ready.',
    ],
    [
      '<code>order_status</code>',
      orderStatus.values.map((value) => `<code>${value}</code>`).join(', '),
      'The order as a whole (in list items).',
    ],
    [
      '<code>check_executions[].status</code>',
      checkExecutionStatus.values.map((value) => `<code>${value}</code>`).join(', '),
      'One check. A check whose provider never answers ends <code>FAILED</code>, and its result shows <code>REVIEW</code>.',
    ],
  ],
})}
<h2 id="transitions">Transitions</h2>
${table({
  caption: 'Transitions',
  head: ['Event', 'Before', 'After'],
  rows: [
    [
      opLink('hrInvite', 'Invite'),
      '—',
      '<code>Pending</code> · <code>SENT</code> · every check <code>WAITING_ON_CANDIDATE</code>. An email (and an SMS when the superteam has SMS enabled and a phone number is given) carries the <code>onboarding_link</code> to the applicant’s form (see <a href="applicant-portal.html">Invitations and the applicant portal</a>).',
    ],
    [
      'Applicant submits the form with consent',
      '<code>SENT</code>',
      '<code>IN_PROGRESS</code>: one job per requested check (<code>QUEUED</code>, then <code>RUNNING</code>).',
    ],
    [
      opLink('hrQuickScreen', 'Quick screen'),
      '—',
      '<code>Pending</code> · <code>IN_PROGRESS</code> at once: the checks run on the request’s information.',
    ],
    [
      'Every check finished',
      '<code>IN_PROGRESS</code>',
      'Results and scores computed, the report rendered (HTML and PDF stored), then in one step <code>Returned</code> · <code>COMPLETE</code>.',
    ],
    [
      `${opLink('hrCancelApplication', 'Cancel')} (<code>reason</code>), or ${opLink('hrDeleteApplicant', 'DELETE')} (withdraw: <code>reason</code> <code>withdrawn</code>)`,
      'Any state but <code>Returned</code> and <code>Erased</code>',
      '<code>Cancelled</code>; <code>report_status</code> stays where it was. Checks waiting, queued or running end <code>FAILED</code> (their <code>failure_reason</code> says the application was cancelled); a check submitted to a provider is cancelled there (the provider gets <code>DELETE /checks/{reference}</code>); the invitation link answers 410. What a provider answers later is discarded: a cancelled application never becomes <code>Returned</code> and never gets a report (<code>409 application_cancelled</code>). The record and its information stay; an <code>application.cancelled</code> event says so. Cancelling again changes nothing; a <code>Returned</code> application answers <code>409 conflict</code>.',
    ],
    [
      opLink('hrEraseApplicant', 'Erase'),
      'Any state',
      '<code>Erased</code>: the applicant’s personal data, results and reports are erased; an anonymous record stays (<code>applicant.erased</code>). Erasure is its own operation: neither cancelling nor DELETE erases anything.',
    ],
    [
      opLink('hrUpgrade', 'Upgrade'),
      '<code>Returned</code> only',
      'New flags added; <code>Pending</code> · <code>IN_PROGRESS</code>; only the new checks run; the report is rendered again with every result. The body’s <code>information</code> is added to the applicant’s first (list entries appended, empty fields filled; a recorded value is never changed). Earlier: <code>409 application_processing</code>; every flag already on the application: <code>409 conflict</code>.',
    ],
  ],
})}
<h2 id="rules">Rules</h2>
<ol>
<li>Upgrade only once <code>status</code> is <code>Returned</code>.</li>
<li>An upgrade carries in <code>information</code> what its new checks need and the application lacks (an employer for <code>request_employment_verification</code>, say): each entry of <code>employers</code>, <code>addresses</code>, <code>educations</code>, <code>credentials</code> or <code>convictions</code> is appended unless the same entry is recorded already (a list holds 20 at most), any other field fills one left empty, and a field given a value other than the recorded one is <code>400</code> naming it (<code>invalid_value</code>). What is still missing once added is <code>400</code> naming each field (<code>required</code>), as on a quick screen. Either way nothing changes.</li>
<li>Ask for a PDF, a hosted link or the HTML report only once <code>status</code> is <code>Returned</code>; earlier answers <code>409</code> <a href="errors.html#application_processing"><code>application_processing</code></a>.</li>
<li>The final report is available when <code>report_status</code> is <code>COMPLETE</code>.</li>
<li>A newly invited applicant is <code>Pending</code>.</li>
<li>Cancel an application you no longer need before it returns: it stops what is still running, so no provider works (or charges) for it. Erase an applicant when their personal data must go, whatever their state.</li>
</ol>`,
};
