import { ADVERSE_ACTION_STATES } from '@svc/contract';
import { ADVERSE_ACTION_RULES, SIMULATION_BANDS, SIMULATION_SUBJECT_PREFIXES } from '@svc/domain';
import { codeBlock, escapeHtml, table } from '../markup.js';
import { opLink, type Guide } from './guide.js';
import { box } from './states.js';

/** The states of an adverse action as an inline SVG, described for screen readers. */
const adverseActionDiagram = `<figure class="diagram">
<svg viewBox="0 0 890 400" role="img" aria-labelledby="aa-title aa-desc" xmlns="http://www.w3.org/2000/svg">
<title id="aa-title">Adverse action states</title>
<desc id="aa-desc">Creating an adverse action makes it pending. Once the pre-adverse notice is sent it is awaiting_final while the waiting period runs. When the waiting period ends without a dispute the final notice is sent and the action is complete. A dispute filed by the applicant makes it disputed; resolving it with proceed makes it awaiting_final again, with cancel makes it canceled. Cancel makes a pending, awaiting_final or disputed action canceled.</desc>
<defs><marker id="aa-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="sm-arrowhead"/></marker></defs>
${box({ x: 20, y: 40, w: 200, h: 90, title: 'pending', lines: ['pre-adverse notice', 'being prepared'], tone: 'wait' })}
${box({ x: 300, y: 40, w: 250, h: 90, title: 'awaiting_final', lines: ['notice sent, report copy,', 'summary of rights; waiting'], tone: 'run' })}
${box({ x: 640, y: 40, w: 230, h: 90, title: 'complete', lines: ['final notice sent'], tone: 'done' })}
${box({ x: 300, y: 250, w: 250, h: 90, title: 'disputed', lines: ['final notice paused', 'until resolve'], tone: 'wait' })}
${box({ x: 640, y: 250, w: 230, h: 90, title: 'canceled', lines: ['no further notice'], tone: 'done' })}
<path d="M220,85 L296,85" class="sm-edge" marker-end="url(#aa-arrow)"/>
<text x="226" y="75" class="sm-label">notice sent</text>
<path d="M550,85 L636,85" class="sm-edge" marker-end="url(#aa-arrow)"/>
<text x="556" y="75" class="sm-label">period ends</text>
<path d="M400,130 L400,246" class="sm-edge" marker-end="url(#aa-arrow)"/>
<text x="408" y="190" class="sm-label">applicant disputes</text>
<path d="M470,250 L470,134" class="sm-edge sm-back" marker-end="url(#aa-arrow)"/>
<text x="478" y="220" class="sm-label">resolve: proceed</text>
<path d="M550,295 L636,295" class="sm-edge" marker-end="url(#aa-arrow)"/>
<text x="556" y="285" class="sm-label">resolve: cancel</text>
<path d="M120,130 C120,380 600,380 700,344" class="sm-edge sm-back" marker-end="url(#aa-arrow)"/>
<text x="130" y="372" class="sm-label">cancel (pending, awaiting_final or disputed)</text>
</svg>
<figcaption>The states of an adverse action: ${ADVERSE_ACTION_STATES.map((state) => `<code>${state}</code>`).join(', ')}.</figcaption>
</figure>`;

export const adverseActionGuide: Guide = {
  file: 'guides/adverse-action.html',
  title: 'Adverse action',
  summary:
    'Pre-adverse notice, waiting period, final notice and disputes for HR applications of US teams, driven by a rules table.',
  body: `<h1>Adverse action</h1>
<p class="lead">When an employer may decide against an applicant because of a report (not hire them, for example), US law (the Fair Credit Reporting Act, 15 U.S.C. 1681b(b)(3) and 1681m) asks for two notices: one <em>before</em> the decision, with a copy of the report and the summary of rights, and one <em>after</em> it. svc sends both on the employer’s behalf, waits the waiting period in between, and lets the applicant dispute. The operations answer under <code>/api/v1/hr/applicants/{id}/</code> and <code>/hr/v1/applicants/{id}/</code> alike.</p>
<h2 id="agency">Before the first live action: the consumer reporting agency</h2>
<p>Every notice names the consumer reporting agency that prepared the report, with its postal address, phone and website (the applicant asks it for a free copy and disputes with it), and both the notices and the report name the two parties the same way: “prepared by &lt;agency&gt; for &lt;organisation&gt;” (the organisation is the team’s <code>get_org_name</code>, else <code>org_name</code>, else its name, as in invitations). A partner admin sets the agency once, with a live key, through ${opLink('replaceConsumerReportingAgency', 'PUT /api/v1/consumer-reporting-agency/')} (${opLink('retrieveConsumerReportingAgency', 'GET')} reads it). Until it is set, starting a live action answers <code>403</code> <a href="errors.html#agency_not_configured"><code>agency_not_configured</code></a>; a demo action works without it, and its notices name the partner and say the details are not set.</p>
${codeBlock(
  `curl -X PUT "$SVC_BASE_URL/api/v1/consumer-reporting-agency/" \\
  -H "Authorization: Bearer $SVC_LIVE_API_KEY" -H 'Content-Type: application/json' \\
  -d '{"name": "Northwind Screening Services",
       "address": {"address": "350 Fifth Avenue, Suite 4100", "city": "New York", "province_state": "NY",
                   "postal_code": "10118", "country": "US"},
       "phone": "+1 212 555 0100", "website": "https://screening.example.com"}'`,
  { label: 'curl', language: 'shell' },
)}
<h2 id="test-data">Made-up results say so</h2>
<p>A notice built from made-up results carries the same band as its report on every page of its PDF, and its email says it first: “${SIMULATION_BANDS.test_data}” (subject <code>${SIMULATION_SUBJECT_PREFIXES.en.test_data}</code>) in the demo environment, “${SIMULATION_BANDS.simulated}” (subject <code>${SIMULATION_SUBJECT_PREFIXES.en.simulated}</code>) for live records run by the simulator; French notices in French. Every other email and SMS of the demo environment (invitations, notifications) and every page the applicant opens (the form, the action’s page) say it too.</p>
<h2 id="flow">The flow</h2>
<ol>
<li>The application is <code>Returned</code>. ${opLink('hrListAdverseItems', 'List the adverse items')}: the criminal cases, credit items (collections, bankruptcies, judgments, liens) and failed verifications of the report, each with its id.</li>
<li>${opLink('hrCreateAdverseAction', 'Start an adverse action')} citing the items the decision may rest on (<code>item_ids</code>) and the notices’ language (<code>en</code> or <code>fr</code>). Only an application of a US team (409 <code>adverse_action_unavailable</code> otherwise, or while another action of the applicant is open; 409 <code>application_processing</code> before <code>Returned</code>; 400 for an item id the report does not hold).</li>
<li>svc renders the <strong>pre-adverse notice</strong> as a PDF (stored encrypted, versioned like reports) and emails it to the applicant through the same delivery as invitations. The email links to the applicant’s page of the action, which holds the notice’s PDF, a copy of the report and the dispute form, and to “A Summary of Your Rights Under the Fair Credit Reporting Act” (<code>/legal/fcra-summary-of-rights</code>, also as PDF). The action is <code>awaiting_final</code> and its <code>final_notice_due_at</code> says when the waiting period ends.</li>
<li>When the waiting period ends without a dispute, a scheduled job sends the <strong>final notice</strong> (PDF and email): it names the screening agency, says the agency did not make the decision and cannot give its reasons, and states the applicant’s rights to a free copy of the report within 60 days and to dispute its accuracy or completeness with the agency. The action is <code>complete</code>. The job is stored in the database: a worker restart or crash during the waiting period loses nothing, and the notice goes out once.</li>
<li>If the applicant disputes cited items on their page (with an explanation), the action is <code>disputed</code>: the final notice waits, and the user who started the action is emailed a link to it. ${opLink('hrResolveAdverseAction', 'Resolve the dispute')} with <code>proceed</code> (the final notice goes out at the end of the waiting period, at once if it has ended) or <code>cancel</code>. You may upgrade the application or retry a check before deciding.</li>
<li>${opLink('hrCancelAdverseAction', 'Cancel')} stops an action that has not ended. ${opLink('hrRetrieveAdverseAction', 'Retrieve')} and ${opLink('hrListAdverseActions', 'list')} show each action’s state and its notices’ delivery (<code>not_sent</code>, <code>queued</code>, <code>sent</code>, <code>failed</code>).</li>
</ol>
<p>The ${opLink('hrListApplicants', 'applicant list')} shows the latest action too: <code>adjudication_status</code> is <code>PENDING</code> from the action to its final notice and <code>DOES_NOT_MEET_REQUIREMENTS</code> once the final notice went out (<code>NONE</code> again if it was canceled), with <code>applicant_adjudication</code> beside it; while a dispute is unresolved, the <code>report_summary</code> entry of each disputed result and the summary itself say <code>dispute: true</code>.</p>
${adverseActionDiagram}
<h2 id="rules">The rules table</h2>
<p>The rules are data: the row of the position’s location applies (its city, else its state, else its country). Another jurisdiction with a longer waiting period or its own statement is a new row, not new code. Business days exclude Saturdays, Sundays and the US federal holidays (as observed), counted in UTC from the day after the notice is sent; the waiting period ends at midnight after its last business day.</p>
${table({
  caption: 'Adverse action rules by jurisdiction',
  head: ['Jurisdiction', 'Name', 'Waiting period', 'Notices', 'Extra statement in the pre-adverse notice'],
  rows: ADVERSE_ACTION_RULES.map((rule) => [
    `<code>${escapeHtml(rule.jurisdiction)}</code>`,
    escapeHtml(rule.name),
    `${rule.waitingBusinessDays} business days`,
    rule.notices.map((notice) => `<code>${notice}</code>`).join(', '),
    rule.preAdverseStatement ? escapeHtml(rule.preAdverseStatement.en) : 'None',
  ]),
})}
<h2 id="sent">What svc sends on your behalf</h2>
<ul>
<li>The pre-adverse notice (email and PDF), with the cited items, the links to the copy of the report and the summary of rights, the waiting period and the dispute page.</li>
<li>The final notice (email and PDF), once the waiting period has ended without an open dispute.</li>
<li>An email to the user who started the action when the applicant disputes (a link to the action, no personal data).</li>
<li>Events for every step (<code>adverse_action.created</code>, <code>.pre_adverse_notice_sent</code>, <code>.disputed</code>, <code>.dispute_resolved</code>, <code>.completed</code>, <code>.canceled</code>; identifiers and states only), and a line of the audit log for each.</li>
</ul>
<h2 id="responsibility">What stays your legal responsibility</h2>
<ul>
<li>The decision itself, and whether adverse action is warranted: svc does not decide, and which items you cite is your choice.</li>
<li>Whether the rules table fits your case: state and local laws (fair-chance and ban-the-box laws, individualized assessments, longer waiting periods, extra notices) may ask for more than a row says. Tell us when a row is missing or wrong.</li>
<li>Considering a dispute and the applicant’s response before resolving it, and not deciding before the waiting period ends.</li>
<li>The stand-alone disclosure and the applicant’s authorization before the report was ordered, and any notice the law asks you to give by other means (for example when the applicant has no email address: svc refuses to start the action then).</li>
</ul>
<p>Testing: a worker started with <code>NODE_ENV=test</code> and <code>SVC_TEST_WAITING_PERIOD_SECONDS</code> waits that many seconds instead of the business days (refused in any other environment). A criminal record for the test data comes from the date of birth <code>1980-01-01</code> (Test data guide).</p>`,
};
