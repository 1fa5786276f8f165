import {
  CHECK_DEFINITIONS,
  CONSENT_RULES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_NAMES,
  FCRA_SUMMARY_OF_RIGHTS,
  US_FCRA_DISCLOSURE_VERSION,
  DEFAULT_ADDRESS_HISTORY_YEARS,
  INVITATION_RESEND_INTERVAL_MINUTES,
  MAX_HISTORY_YEARS,
  portalRequirements,
  type PortalRequirements,
} from '@svc/domain';
import { codeBlock, table } from '../markup.js';
import { opLink, type Guide } from './guide.js';

const code = (text: string) => `<code>${text}</code>`;

/** What the portal asks for one check on its own (team settings at their defaults), in words. */
function asksFor(requirements: PortalRequirements): string {
  const asks = ['name'];
  if (requirements.dateOfBirth) asks.push('date of birth');
  if (requirements.sinSsn === 'required') asks.push('SIN/SSN');
  if (requirements.sinSsn === 'optional') asks.push('SIN/SSN (optional)');
  if (requirements.driverLicence) asks.push('driver’s licence number and issuing province or state');
  if (requirements.addresses.required) asks.push(`addresses covering ${requirements.addresses.years} years`);
  if (requirements.addresses.references)
    asks.push(`a landlord reference (${requirements.addresses.references.email ? 'email' : 'phone'})`);
  if (requirements.employers.required)
    asks.push(
      requirements.employers.years > 0
        ? `employers covering ${requirements.employers.years} years`
        : 'at least one employer',
    );
  if (requirements.employers.references)
    asks.push(`a manager reference (${requirements.employers.references.email ? 'email' : 'phone'})`);
  if (requirements.educations) asks.push('education');
  if (requirements.credentials) asks.push('professional credentials');
  for (const kind of requirements.documents) asks.push(`an upload: ${DOCUMENT_NAMES[kind]}`);
  return asks.join(', ');
}

/** The checks that need documents uploaded, from the catalogue: one row per document. */
const documentRows = Object.entries(DOCUMENT_NAMES).flatMap(([kind, name]) => {
  const checks = CHECK_DEFINITIONS.filter((check) => (check.documents as readonly string[]).includes(kind));
  return checks.length
    ? [
        [
          `${code(`documents.${kind}`)}`,
          name,
          checks.map((check) => `${code(check.flag)} (${check.displayName})`).join(', '),
        ],
      ]
    : [];
});

const checkRows = CHECK_DEFINITIONS.map((check) => [
  `<code>${check.flag}</code>`,
  check.displayName,
  asksFor(portalRequirements({ flags: [check.flag], settings: {} })),
]);

export const applicantPortalGuide: Guide = {
  file: 'guides/applicant-portal.html',
  title: 'Invitations and the applicant portal',
  summary:
    'The invitation email and SMS, white-labelling, resending, and the form behind onboarding_link: what it asks, consent, the US disclosure and authorization, PM groups.',
  body: `<h1>Invitations and the applicant portal</h1>
<p class="lead">An invite (${opLink('hrInvite', 'HR')}, ${opLink('pmInvite', 'PM')}) sends the applicant an email, and an SMS when the superteam has SMS enabled and a phone number is given. Both carry the ${code('onboarding_link')}: the applicant portal, where the applicant gives what the requested checks need, reads the disclosure, consents and submits. The submission moves the application to ${code('IN_PROGRESS')} and starts its checks.</p>

<h2 id="messages">The invitation email and SMS</h2>
<ul>
<li>Written in the language of the ordering user (${code('owner_id')}): ${code('en')} or ${code('fr')}, the user’s ${code('language')}.</li>
<li>Every email has a plain-text part and an HTML part (inline styles, a language attribute, a real link text and the link written out for copying).</li>
<li>With ${code('whitelabel_emails')} in the team’s ${code('settings_config')}, the email is branded with the organisation: its name (${code('get_org_name')}, else ${code('org_name')}, else the team’s name) as the sender’s name and title, ${code('org_primary_color')} (${code('#rrggbb')}) for the header and button, and ${code('org_logo_link')} (an https URL) as the logo. Without it the email is svc-branded and names the organisation in its text.</li>
<li>The link works for 30 days. The applicant can save their progress and come back with the same link.</li>
</ul>

<h2 id="delivery">Delivery</h2>
<p>Each message is a row of the outbox and one ${code('message.send')} job, written in the same transaction as the invitation: there is never an invitation without its message, nor a message without its invitation. The worker sends it:</p>
${table({
  caption: 'How messages are delivered',
  head: ['Configuration', 'Emails', 'SMS'],
  rows: [
    [
      `${code('SMTP_URL')} set (${code('smtp://user:password@host:587')} or ${code('smtps://…:465')}) and ${code('SVC_MAIL_FROM')} (the sender address)`,
      `Sent through that SMTP server (nodemailer), always encrypted: ${code('smtps://')} is TLS, and an ${code('smtp://')} server must offer STARTTLS or nothing is sent (${code('SVC_SMTP_ALLOW_PLAINTEXT=1')} allows a server without it).`,
      'Kept in the outbox (no SMS provider is configured in this release).',
    ],
    [
      `${code('SMTP_URL')} unset (the default of ${code('npm start')})`,
      `Kept in the outbox, marked delivered there. In development, ${code('GET /dev/outbox')} lists them, newest first, each with its text and HTML parts: a page that exists only with ${code('SVC_DEV_OUTBOX=1')} (${code('npm start')} sets it), answers only requests made on the API's own machine, and is refused with ${code('DATABASE_URL')} unless ${code('SVC_DEV_OUTBOX_ALLOW_SHARED_DATABASE=1')} is set too.`,
      'Kept in the outbox.',
    ],
  ],
})}
<p>A refused or failed send is retried 6 times, 15 seconds apart and doubling (about 16 minutes in all). A message that still fails is marked ${code('FAILED')}; the invitation itself (the applicant and its link) is never lost, and the invitation can be sent again. A message that was sent is never sent twice, whatever happens to the job. A mail server that refuses the recipient for good (an SMTP ${code('5xx')} answer: no such mailbox, rejected) is a bounce: the message is ${code('FAILED')} at once, without retries.</p>

<h2 id="funnel">Following the invitation: its funnel</h2>
<p>An invited applicant's record has ${code('invitation_funnel')} (null for a quick screen): each moment below, the first time it happened, null until then, and an event for each, so a webhook can follow an invitation without polling. Events carry identifiers only.</p>
${table({
  caption: 'The invitation funnel',
  head: ['Field', 'When', 'Event'],
  rows: [
    [code('sent_at'), 'The invitation was last sent (queued for email, and SMS).', code('invitation.sent')],
    [
      code('delivered_at'),
      `First delivered: the mail server accepted it (with ${code('SMTP_URL')}), or it was kept in the outbox (without).`,
      code('invitation.delivered'),
    ],
    [
      code('bounced_at'),
      `The mail server refused it for good (an SMTP ${code('5xx')} answer).`,
      code('invitation.bounced'),
    ],
    [code('opened_at'), 'The applicant first loaded the form (the onboarding link).', code('invitation.opened')],
    [
      code('started_at'),
      'The applicant first saved the form: a draft (adding or removing an entry, Save), or the submission itself.',
      code('invitation.started'),
    ],
    [code('expires_at'), 'When the link stops opening the form (30 days after it was last sent).', '—'],
    [
      code('expired_at'),
      `The link lapsed without a submission (its ${code('expires_at')}); marked by the worker's sweep within 5 minutes.`,
      code('invitation.expired'),
    ],
  ],
})}
<p>A bounce reported later by the recipient's server (a delivery status notification mailed back to ${code('SVC_MAIL_FROM')}) is not read: only a refusal during the SMTP conversation counts.</p>

<h2 id="resend">Resending: can_resend_email and resend_email_time</h2>
<p>In list items, ${code('resend_email_time')} is when the invitation was last sent, and ${code('can_resend_email')} is ${code('true')} when an invitation may be sent again: the applicant was invited (not quick-screened), has not submitted the form, and the last invitation is at least ${INVITATION_RESEND_INTERVAL_MINUTES} minutes old. A resend carries the same link, valid for 30 days from the resend. The API has no resend operation; support resends with:</p>
${codeBlock('pnpm svc applicant resend-invitation <applicant_id>', { label: 'Shell, on the server (support)', language: 'sh' })}

<h2 id="what-it-asks">What the portal asks for</h2>
<p>The portal asks exactly for what the requested checks need, pre-filled with the ${code('information')} given with the invite. What the invite gave that the form does not ask for (an address’s ${code('rent_or_own')} and ${code('cost')}, an employer’s ${code('income')} and ${code('pay_period')}, a referee the checks did not need, where an institution is) is kept on each entry the applicant keeps; what the applicant types wins. Every check needs the applicant’s name; each check on its own asks for:</p>
${table({ caption: 'What the portal asks for each check', head: ['Flag', 'Check', 'The portal asks for'], rows: checkRows })}
<h3 id="documents">Documents</h3>
<p>The portal asks for an upload only when an ordered check needs it, or the team’s settings ask for it; every other form has no file field. A quick screen collects no document: a check that needs one then ends <em>not verified</em>, saying which document was missing.</p>
${table({ caption: 'Checks that need documents', head: ['Form field', 'Document', 'Needed by'], rows: documentRows })}
<p>Photos are JPEG or PNG, papers JPEG, PNG or PDF, ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB at most each, told by their bytes (never by the file name); they are stored encrypted. The team settings that ask for documents whatever the checks: ${code('government_id_req')}, ${code('passport_req')}, ${code('require_id_with_address')} and ${code('document_required')} (an identity document), ${code('proof_of_income_req')} (a proof of income), ${code('resume_req')} (a résumé).</p>
<p>The team’s settings shape it:</p>
${table({
  caption: 'Team settings the portal follows',
  head: ['Setting', 'Effect'],
  rows: [
    [
      code('tenancy_years_amount_req'),
      `Years of address history (default ${DEFAULT_ADDRESS_HISTORY_YEARS} when a check needs addresses; at most ${MAX_HISTORY_YEARS}).`,
    ],
    [
      `${code('address_references_years')}, ${code('address_references_years_or_individually')}`,
      'Years of addresses when address references are requested and counted in years.',
    ],
    [
      `${code('tenancy_ref_amount_req')}, ${code('address_references_min')}`,
      'How many addresses need a landlord reference (default 1).',
    ],
    [
      `${code('employer_years_amount_req')}, ${code('employment_verification_years')}, ${code('employer_references_years')}`,
      'Years of employment history (default: one employer).',
    ],
    [code('employer_references_min'), 'How many employers need a manager reference (default 1).'],
    [
      `${code('tenancy_ref_email_req')}, ${code('tenancy_ref_phone_req')}, ${code('employer_ref_email_req')}, ${code('employer_ref_phone_req')}`,
      'Referees must be given with an email or a phone number, besides what the reference checks use (email for the reference checks, phone for the phone reference checks).',
    ],
    [
      `${code('education_req')}, ${code('employer_ref_req')}`,
      'Ask for education, or for employers with references, whatever the checks.',
    ],
    [code('redirect_url'), 'An https URL the thank-you page links to after the submission.'],
  ],
})}

<h2 id="consent">Validation, consent and submission</h2>
<ul>
<li>Nothing needs JavaScript. Repeatable sections (addresses, employers, education, credentials) have “add another” and “remove” buttons that save the form and show it again.</li>
<li>Errors are listed at the top of the page, each linking to its field, and shown next to the field. The form keeps what was typed.</li>
<li>The applicant reads the disclosure (the organisation and every requested check) and consents: their full name typed as in “About you”, the date, and a checkbox. The consent is stored, encrypted, with the submission: the typed name and date, when it was given and when its page was served, the client address and the browser's user agent, the language and the checks consented to. The record shows it as ${code('consent')} (null until the applicant submits, and for a quick screen); the report does not.</li>
<li>Names, addresses, employers, referees, emails and phone numbers refuse invisible and text-direction control characters (as the API does, <code>invalid_character</code>), and the date of birth must lie between 1 January 1900 and today (UTC) 14 years ago.</li>
<li>Saved progress is stored encrypted, like the SIN/SSN, date of birth and licence number, and dropped once submitted.</li>
<li>A submitted link answers <strong>410</strong> (“This form has been submitted”), an expired link <strong>410</strong>, an unknown link <strong>404</strong>: plain pages that say nothing about the applicant.</li>
</ul>

<h2 id="us-disclosure">US employment screening: disclosure, then authorization, then the form</h2>
<p>The US Fair Credit Reporting Act (15 U.S.C. 1681b(b)(2)) lets an employer obtain a consumer report only after a clear disclosure, “in a document that consists solely of the disclosure”, and the applicant’s written authorization. Where the checks run decides (the team’s country: an invitation names no location); the rules are a table, one row per jurisdiction that asks more than the standard consent:</p>
${table({
  caption: 'Where the consent asks more than the standard one',
  head: ['Country', 'Applications', 'Consent'],
  rows: CONSENT_RULES.map((rule) => [code(rule.country), rule.kinds.join(', '), code(rule.flow)]),
})}
<p>Anywhere else (a Canadian team, for one), and for PM applications in the US (tenant screening has no such rule), the form keeps the standard consent above. A US HR applicant’s link shows three pages in turn, each server-rendered, without JavaScript, in English or French:</p>
<ol>
<li><strong>The disclosure, alone</strong> (“Step 1 of 3”): that the organisation may obtain a consumer report from svc for employment purposes, and what such a report may contain. No form field, no other terms, no link; one button, “Continue to the authorization”, which records when it was read and which wording (${code(US_FCRA_DISCLOSURE_VERSION)}).</li>
<li><strong>The authorization</strong> (“Step 2 of 3”): the applicant’s rights first, as “A Summary of Your Rights Under the Fair Credit Reporting Act” to read (${code('GET /legal/fcra-summary-of-rights')}) or download as a PDF (${code('GET /legal/fcra-summary-of-rights.pdf')}); then “I authorize … to obtain a consumer report about me from svc for employment purposes”, the checks, and the signature as for the standard consent: the full name (as the invitation gave it, when it did), today’s date and a checkbox.</li>
<li><strong>The form</strong>: as for everyone, with “Your authorization” (the date and the name signed, the summary of rights again) in place of the consent.</li>
</ol>
<p>Until the authorization is given, any other post of the link saves nothing and leads back to the current step. The record’s ${code('consent.us_fcra')} then holds what was shown and accepted: ${code('disclosure_version')}, ${code('disclosure_acknowledged_at')}, ${code('summary_of_rights_version')} (now ${code(FCRA_SUMMARY_OF_RIGHTS.version)}), ${code('authorized_at')}, and the ${code('client_address')} and ${code('user_agent')} it was signed from, stored encrypted with the rest of the consent. The submission is the ${code('applicant.submitted')} event, as for everyone; the steps before it record no event (an event carries no personal data, and these steps are the applicant’s).</p>
<p>The summary of rights is a public page, the same for everyone, with its version at its foot. Its PDF is the same HTML printed by a worker with the reports’ printer (Chromium), once per version, and kept in the database: API processes run no browser. Until a worker has printed it, the PDF answers <strong>503</strong> with ${code('Retry-After: 5')}, and the print is asked for (every worker also asks for it when it starts). Changing the summary’s text means a new version id, printed anew; each consent keeps the version it offered.</p>
<p>What stays the employer’s: deciding that a report is needed, using it lawfully, any state or city rule beyond the FCRA (a longer disclosure, a separate state summary), and the adverse-action steps if a report leads to a decision against the applicant.</p>

<h2 id="groups">PM group invitations</h2>
<p>A PM invite with ${code('grouped_applicants')} creates one applicant per person, each with their own email and link (${code('application_url')} in list items). Each applicant completes only their own part and sees no one else’s information; a co-signer’s page says they are a co-signer (guarantor). Each applicant’s checks start when that applicant submits, and each applicant is ${code('Returned')} on their own.</p>

<h2 id="security">Security of the portal</h2>
<ul>
<li>The link’s token (256 random bits) is the credential: svc stores only its SHA-256 and an encrypted copy, never logs it, and the outbox keeps message bodies encrypted.</li>
<li>Pages load nothing but their own styles: a Content-Security-Policy without scripts, frames, fonts or images. They are never cached (${code('Cache-Control: no-store')}) and send no referrer to other sites.</li>
<li>Forms are accepted only from the portal’s own origin with the page’s form token (an HMAC valid 12 hours).</li>
</ul>`,
};
