import { table } from '../markup.js';
import { opLink, type Guide } from './guide.js';

const PATHS: Array<[string, string]> = [
  [
    '<code>POST /api/v2/applications/quick/</code>, <code>/invite/</code>',
    `${opLink('pmV2QuickScreen', 'quick screen')}, ${opLink('pmV2Invite', 'invite')}; <code>owner_id</code> defaults to your key’s user`,
  ],
  [
    '<code>GET /api/v2/applicants/</code>, <code>GET|DELETE /api/v2/applicants/{id}/</code>',
    `${opLink('pmV2ListApplicants', 'list')}, ${opLink('pmV2RetrieveApplicant', 'retrieve')}, ${opLink('pmV2DeleteApplicant', 'delete (withdraw)')}`,
  ],
  [
    '<code>GET /api/v2/reports/{id}/pdf/</code>, <code>link/</code>, <code>web/</code>',
    `${opLink('pmV2ReportPdf', 'PDF')}, ${opLink('pmV2ReportLink', 'hosted link')}, ${opLink('pmV2ReportWeb', 'web')}: the page itself, <code>text/html</code>`,
  ],
  [
    '<code>GET|POST /api/v2/properties/</code>, <code>GET|PUT|PATCH|DELETE /api/v2/properties/{id}/</code>',
    `${opLink('listPropertiesV2', 'list')}, ${opLink('createPropertyV2', 'create')}, ${opLink('retrievePropertyV2', 'retrieve')}, ${opLink('updatePropertyV2', 'update')}, ${opLink('deletePropertyV2', 'delete')}`,
  ],
  [
    '<code>GET|POST /api/v2/listings/</code>, <code>GET|PUT|PATCH|DELETE /api/v2/listings/{id}/</code>',
    `${opLink('listListingsV2', 'list')}, ${opLink('createListing', 'create')}, ${opLink('retrieveListingV2', 'retrieve')}, ${opLink('updateListingV2', 'update')}, ${opLink('deleteListingV2', 'delete')}`,
  ],
  [
    '<code>/api/v1/pm/properties/{id}/</code>, <code>/api/v1/pm/listings/{id}/</code>',
    `the same retrieve, update and delete under the deprecated PM prefix (${opLink('retrieveProperty', 'property')}, ${opLink('retrieveListing', 'listing')})`,
  ],
];

const NORMALISED: Array<[string, string, string]> = [
  [
    '<code>rent_or_own</code>',
    '<code>"rent"</code>, <code>"Owned"</code>',
    '<code>RENT</code>, <code>OWN</code>, <code>OTHER</code>',
  ],
  [
    '<code>pay_period</code>',
    '<code>"monthly"</code>, <code>"bi-weekly"</code>, <code>"yearly"</code>',
    '<code>MONTHLY</code>, <code>BIWEEKLY</code>, <code>ANNUALLY</code>, …',
  ],
  [
    '<code>phone_type</code>',
    '<code>"mobile"</code>, <code>"cell"</code>',
    '<code>MOBILE</code>, <code>HOME</code>, <code>WORK</code>, <code>NONE</code>',
  ],
  [
    'ACIC <code>purpose_of_check</code>, <code>employment_sector</code>',
    '<code>"employment"</code>, <code>"Aged care"</code>',
    'the enum value',
  ],
  [
    '<code>province_state</code>',
    '<code>"Ontario"</code>, <code>"on"</code>, <code>"Québec"</code>, <code>"texas"</code>',
    'the ISO code: <code>ON</code>, <code>QC</code>, <code>TX</code>',
  ],
  ['country codes', '<code>"ca"</code>', '<code>CA</code>'],
  [
    'numbers (<code>rent</code>, deposits, <code>cost</code>, <code>income</code>)',
    '<code>"2000"</code>, <code>"1850.50"</code>',
    'the number',
  ],
  ['a property’s <code>county</code> outside the US', '<code>""</code>, <code>null</code>, absent', 'no county'],
];

export const compatibilityGuide: Guide = {
  file: 'guides/compatibility.html',
  title: 'Compatibility with the original service',
  summary:
    'Which paths and formats of the original service svc accepts, what it normalises, and what it answers differently.',
  body: `<h1>Compatibility with the original service</h1>
<p class="lead">Clients written for the original service work unmodified: svc answers its paths, accepts the values it accepted, and adds its error members to every error. This page lists what is accepted, what is normalised, and where svc answers differently and why.</p>
<h2 id="paths">Paths</h2>
<p>Every path answers with or without its trailing slash. Besides the <code>/api/v1/</code> and <code>/hr/v1/</code> paths, these answer:</p>
${table({ caption: 'Paths for clients of the original service', head: ['Path', 'Operation'], rows: PATHS })}
<p>The <code>/api/v2</code> forms are the PM operations with the same bodies and answers; <code>owner_id</code> may be left out and defaults to the key’s user. An <code>/api/v2</code> invite or quick screen that sets no <code>request_*</code> flag and names no <code>package_id</code> orders the default package of the owner’s team, as the original did: every team starts with one per environment, made of its standard preset checks (<code>is_default</code> in the ${opLink('listPackages', 'packages')}); replace it to change what it orders. The <code>/api/v1</code> forms still answer <code>400</code> to an order naming no check. A PM invite with <code>email_applicants: false</code> sends no email or text: each applicant’s <code>onboarding_link</code> is in the answer for you to deliver (by default svc emails it). PUT and PATCH both change only the fields sent and keep the others, as the original’s PUT did.</p>
<h2 id="lenient">What is accepted and normalised</h2>
<p>Fields the original typed as plain strings are read in any letter case and by their display text; records always answer the canonical form.</p>
${table({ caption: 'Normalised values', head: ['Field', 'Sent as', 'Read as'], rows: NORMALISED })}
<ul>
<li><strong>Records sent back.</strong> A record you retrieved can be sent back as it is: its read-only fields (<code>id</code>, <code>created</code>, <code>modified</code>, <code>svc_verification</code>, <code>verification_notes</code>, …) are ignored and its nulls read as absent.</li>
<li><strong>Unknown fields</strong>, at any depth, are ignored and named in the <code>Svc-Ignored-Fields</code> response header (dotted paths such as <code>information.addresses.0.current_landlord</code>, never values), so a typo elsewhere is visible without failing the request.</li>
<li><code>information.addresses[].current</code> is a field: stored and shown.</li>
<li>Once an employment, education or credential verification completed, the entries it verified show its outcome in <code>information</code>: <code>svc_verification</code>, <code>verification_notes</code>, and for an education <code>degree.verified</code>, as the original’s records did. A PM list item’s <code>report_summary.instant_verify_result</code> holds the employment, education and credential parts beside its summary.</li>
</ul>
<h2 id="strict">What stays strict</h2>
<ul>
<li>An unknown top-level field that starts with <code>request_</code> is a <code>400</code> <code>unknown_field</code>: a misspelt request flag would order nothing and still cost a screening.</li>
<li>A value none of the forms above reads (<code>pay_period: "sometimes"</code>, <code>province_state: "Atlantis"</code>) is a <code>400</code> naming the field.</li>
</ul>
<h2 id="errors">Errors</h2>
<p>Every error is an RFC 9457 problem document with the original’s members beside it: <code>error_type</code>, <code>error_code</code>, <code>error_message</code> and <code>display_message</code> (see <a href="errors.html#original-members">Errors</a>). A client that branches on <code>error_type</code> raises the right error on 400, 401, 403, 404, 409 and 429.</p>
<h2 id="differences">What svc answers differently, and why</h2>
<ul>
<li>Deleting a property deletes its listings too; when applications were made to any of them, or to a listing being deleted, the answer is <code>409</code> <code>in_use</code> (naming the listings) and nothing is deleted: those records need it to stay true.</li>
<li>The <code>/api/v1</code> <code>web/</code> reports answer <code>{"html": …}</code>; the <code>/api/v2</code> one answers the page itself, as the original did at each path.</li>
<li>Deleting an applicant (${opLink('pmV2DeleteApplicant', '<code>DELETE /api/v2/applicants/{id}/</code>')}, and the same under <code>/api/v1/pm/</code>, <code>/api/v1/hr/</code> and <code>/hr/v1/</code>) withdraws the application: it is cancelled with <code>reason</code> <code>withdrawn</code> (as ${opLink('pmV2CancelApplication', 'cancel')} does), its invitation link answers <code>410</code>, checks still under way stop, and no report is made; the answer is <code>204</code>, and <code>204</code> again for a withdrawn, cancelled or erased applicant, so a retried delete succeeds. The record stays, with its information: retrieving it answers <code>200</code> with <code>status</code> <code>Cancelled</code>. Nothing is erased: erasing the applicant’s personal data is its own operation (${opLink('pmV2EraseApplicant', '<code>POST /api/v2/applicants/{id}/erase/</code>')}), after which the record shows <code>status</code> <code>Erased</code> and no personal field, and its reports answer <code>410</code> <code>applicant_erased</code>. A <code>Returned</code> application has nothing to withdraw: its DELETE answers <code>409</code> <code>conflict</code>.</li>
<li>Another tenant’s identifier answers <code>404</code>, never <code>403</code>: an identifier you cannot reach does not exist for you.</li>
<li>Every field of a record is present, filled when svc holds its data. A field svc holds no data for answers null, <code>false</code> or empty rather than a made-up value, and its description says so: <code>salary</code> and <code>sufficient_salary</code> (no order names a salary), <code>manual_id_verification</code>, a team’s <code>internal_name</code> and <code>industry</code>, the analytics keys and <code>external_domain</code>, <code>has_active_automated_reminders</code>, a listing’s <code>rent_range</code>, <code>length_of_lease</code> and <code>selected_application</code>, and a property’s <code>status</code> (always <code>N</code>). <code>billing_plan</code> is an empty object: svc keeps no price list.</li>
</ul>`,
};
