import { METADATA_KEYS_MAX, METADATA_KEY_MAX, METADATA_VALUE_MAX, NAME_PREFIX_MAX } from '@svc/contract';
import { codeBlock, table } from '../markup.js';
import { opLink, type Guide } from './guide.js';

export const findingApplicantsGuide: Guide = {
  file: 'guides/finding-applicants.html',
  title: 'Finding applicants',
  summary:
    'Filter the applicant lists by state, check, team, owner and dates, and find one by email, phone, name prefix or your external_id: what can be searched, and why no more.',
  body: `<h1>Finding applicants</h1>
<p class="lead">The applicant lists (${opLink('hrListApplicants', 'HR')}, ${opLink('pmV2ListApplicants', 'PM')}, every path form) take filters besides <code>page</code> and <code>page_size</code>. Filters combine (all must hold), <code>next</code> and <code>previous</code> keep them, and none reaches beyond what the key may see: another team’s applicants never match a team user’s key, another partner’s never match at all.</p>
<h2 id="ids">Your ids on our records</h2>
<p>Every order (invite and quick screen, HR and PM) takes <code>external_id</code>, your own identifier of the order (a candidate, requisition or tenancy id, up to 255 printable characters), and <code>metadata</code>, a string map of at most ${METADATA_KEYS_MAX} keys (1 to ${METADATA_KEY_MAX} letters, digits, <code>_</code>, <code>.</code> or <code>-</code>) whose values are strings of at most ${METADATA_VALUE_MAX} characters. Both come back on the order’s answer, on each of its applicants’ records and list items, and in the <code>data</code> of its applicants’ <a href="events.html">events and webhooks</a>, erasure included: a tombstone still names your id. An <code>external_id</code> is unique per team and environment: another order of the team with the same one answers <code>409</code> <a href="errors.html#conflict"><code>conflict</code></a> naming <code>external_id</code>, and orders nothing. A PM order’s applicants share its <code>external_id</code>.</p>
<p><strong>Never put personal data in them</strong> (no email, name, phone number, date of birth): they are identifiers of yours, kept in clear so that events and webhooks can carry them, where personal data never goes.</p>
<h2 id="filters">The filters</h2>
${table({
  caption: 'Filters of the applicant lists',
  head: ['Query parameter', 'Matches'],
  rows: [
    ['<code>status</code>, <code>report_status</code>', 'Applicants in that state (the enumerations of the record).'],
    [
      '<code>result</code>',
      'The overall result of the report (<code>report_summary.report_result</code>): <code>CLEAR</code>, <code>REVIEW</code>, <code>NOT_CLEAR</code> for returned applicants, <code>NONE</code> for the others.',
    ],
    ['<code>adjudication_status</code>', 'The list item’s <code>adjudication_status</code>.'],
    [
      '<code>check</code>',
      'Applicants for whom this check was ordered, by its request flag (<code>request_softcheck</code>).',
    ],
    ['<code>application__team__id</code>, <code>owner</code>', 'Applicants of that team, ordered by that user.'],
    [
      '<code>created_after</code>, <code>created_before</code>, <code>updated_after</code>, <code>updated_before</code>',
      'Created, or last updated (<code>last_updated</code> of the list item), at or after / before an ISO 8601 moment.',
    ],
    ['<code>external_id</code>', 'The applicants of your order with that id.'],
    ['<code>email</code>', 'Applicants with exactly that email address, letter case and surrounding spaces aside.'],
    [
      '<code>phone</code>',
      'Applicants with that phone number: its digits count, not their punctuation, and a North American number matches with or without its leading <code>1</code>.',
    ],
    [
      '<code>name</code>',
      `Applicants each of whose words starts a word of their first, middle or last name, accents and letter case aside: <code>jo smi</code> finds Jo-Ann Smith and Joseph Smithers. A word counts by its first ${NAME_PREFIX_MAX} letters.`,
    ],
  ],
})}
<p>A value that is not one of the parameter’s (an unknown status, a malformed date or email, a <code>name</code> without a letter or digit) answers <code>400</code> <a href="errors.html#validation_failed"><code>validation_failed</code></a> naming the parameter.</p>
${codeBlock(
  `EXTERNAL_ID="cand-$(date +%s)-$$"
curl -s -X POST "$SVC_BASE_URL/api/v1/hr/applications/quick/" \\
  -H "Authorization: Bearer $SVC_API_KEY" -H 'Content-Type: application/json' \\
  -d @- > /dev/null <<JSON
{"email": "grace.hopper@example.com", "owner_id": "$OWNER_ID", "request_softcheck": true,
 "external_id": "$EXTERNAL_ID", "metadata": {"requisition": "REQ-1184"},
 "information": {"first_name": "Grace", "last_name": "Hopper", "date_of_birth": "1976-12-09",
   "addresses": [{"address": "1 Main St", "city": "Toronto", "province_state": "ON", "country": "CA",
                  "postal_code": "M5V 1A1", "start_date": "2019-01-01"}]},
 "position_or_property_location": {"city": "Toronto", "province_state": "ON", "country": "CA"}}
JSON
for filter in "external_id=$EXTERNAL_ID" "email=Grace.Hopper%40example.com" "name=gra%20hop" "check=request_softcheck&created_after=2025-01-01T00:00:00Z"; do
  curl -s -H "Authorization: Bearer $SVC_API_KEY" "$SVC_BASE_URL/api/v1/hr/applicants/?$filter&page_size=1" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const p=JSON.parse(s);if(!p.count)process.exit(1);console.log(p.count,p.results[0].external_id)})'
done`,
  { label: 'curl', language: 'shell' },
)}
<h2 id="why">What cannot be searched, and why</h2>
<p>svc keeps applicants’ personal data encrypted at rest; no column holds a readable email, phone number or name for a query to scan. The three personal filters search a <em>blind index</em> instead: for each applicant svc stores keyed hashes (HMAC-SHA-256 under a key derived from the deployment’s encryption key, mixed with your partner id) of the normalised email, of the phone number’s digits, and of each prefix (1 to ${NAME_PREFIX_MAX} letters) of each word of the first, middle and last names. A filter hashes what you send the same way and asks for equal hashes. So, by design:</p>
<ul>
<li>only <strong>exact</strong> email and phone matches, and <strong>prefixes</strong> of name words, are found: no substring (<code>opper</code>), no fuzzy or phonetic match, no misspelling, no search by a date of birth, SIN/SSN, address or any result;</li>
<li>a name is found by the information svc holds: an invited applicant whose name was not given is found by name once they submit the form;</li>
<li>an erased applicant is found by no personal filter (its index is erased with its data); its <code>external_id</code>, status and dates still match;</li>
<li>whoever reads the database sees hashes, not values, and cannot compute the hash of a guess without the key; equal values of two partners hash apart.</li>
</ul>`,
};
