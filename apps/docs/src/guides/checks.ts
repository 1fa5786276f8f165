import {
  CHECK_DEFINITIONS,
  CHECK_DISPLAY_NAMES,
  DOCUMENT_NAMES,
  SIMULATOR_TEST_INPUTS,
  type CheckDefinition,
} from '@svc/domain';
import { CHECK_NAMES } from '@svc/contract';
import { codeBlock, escapeHtml, inline, json, table } from '../markup.js';
import { opLink, type Guide } from './guide.js';

const REGION_NAMES: Record<CheckDefinition['region'], string> = {
  CA: 'Canada',
  US: 'United States',
  GB: 'United Kingdom',
  AU: 'Australia',
  INTL: 'International',
  ANY: 'Any country',
};

const needs = (definition: CheckDefinition): string =>
  [
    ...definition.requiredInformation.map(
      (requirement) =>
        `<code>${escapeHtml(requirement.path)}</code>${requirement.kind === 'non_empty_list' ? ' (at least one)' : ''}`,
    ),
    ...definition.documents.map((kind) => `${escapeHtml(DOCUMENT_NAMES[kind])} (uploaded in the portal)`),
  ].join(', ');

const yesNo = (value: boolean): string => (value ? 'Yes' : '<span class="muted">No</span>');

export const checksGuide: Guide = {
  file: 'guides/checks.html',
  title: 'Check catalogue',
  summary: `Every request flag (${CHECK_DEFINITIONS.length}): what it checks, HR or PM, the information it needs, and whether it is enabled by default.`,
  body: `<h1>Check catalogue</h1>
<p class="lead">Each check is ordered by one boolean request flag, <code>request_&lt;check&gt;</code>, on an ${opLink('hrInvite', 'invite')}, a ${opLink('hrQuickScreen', 'quick screen')} or an ${opLink('hrUpgrade', 'upgrade')}. There are ${CHECK_DEFINITIONS.length}.</p>
<ul>
<li><strong>HR / PM</strong>: HR teams may order every check; PM (tenancy) teams the ones marked so.</li>
<li><strong>Needs</strong>: what <code>information</code> must hold when the check is ordered by a quick screen (an invite collects it on the applicant’s form). A missing piece answers <code>400</code> naming the field and every check that needs it. A document is uploaded by the applicant in the <a href="applicant-portal.html#documents">portal</a>: a quick screen collects none.</li>
<li><strong>Default</strong>: a team created through the API may run the checks enabled by default. Any other answers <code>403</code> <a href="errors.html#check_not_enabled"><code>check_not_enabled</code></a> until support enables it for the team (<code>pnpm svc team enable-check &lt;team_id&gt; &lt;flag&gt;</code>; there is no public endpoint). Every US criminal tier, the UK and the Australian checks are outside the default set.</li>
<li><strong>Result field</strong>: where the application record reports it; <code>null</code> when no check feeding it was ordered.</li>
</ul>
${table({
  caption: 'Check catalogue',
  head: [
    'Request flag',
    'Check',
    'What it checks',
    'HR',
    'PM',
    'Needs (<code>information</code>, documents)',
    'Default',
    'Result field',
  ],
  rows: CHECK_DEFINITIONS.map((definition) => [
    `<code id="${definition.flag}">${definition.flag}</code>`,
    `${escapeHtml(definition.displayName)}<br><span class="muted">${REGION_NAMES[definition.region]}</span>`,
    inline(definition.description),
    yesNo(definition.appliesTo.hr),
    yesNo(definition.appliesTo.pm),
    needs(definition),
    definition.enabledByDefault ? 'Enabled' : '<span class="muted">On request</span>',
    `<code>${definition.resultField}</code>`,
  ]),
  className: 'catalogue',
})}
<h2 id="discovery">Discovering checks through the API</h2>
<p>${opLink('listCheckTypes', 'GET /api/v1/check-types/')} answers the same catalogue for one team (the key’s own; a partner-admin key may name another of its teams with <code>team_id</code>; a team the key may not see answers <code>404</code>). Each check comes with:</p>
<ul>
<li><code>enabled</code>: whether the team’s settings let it order the check (else <code>403</code> <a href="errors.html#check_not_enabled"><code>check_not_enabled</code></a>);</li>
<li><code>provider</code>: who runs it for the key’s environment: <code>simulated</code> (the simulator makes the results up: every demo check, and live ones only with <code>SVC_LIVE_SIMULATION=1</code>), <code>built_in</code> (a provider running inside svc on real data) or <code>configured</code> (an outside provider of <code>SVC_PROVIDERS</code>); <code>null</code> when nothing runs it, and an order answers <code>403</code> <a href="errors.html#provider_not_configured"><code>provider_not_configured</code></a>;</li>
<li><code>information_schema</code>: a JSON Schema (draft 7) of the <code>information</code> a quick screen of the check must send, generated from the very zod schemas the order validator applies: what every field may hold, and what the check needs (a value given and not blank, a list with an entry). Validate a body with it before you send it: <code>information</code> it rejects, the order rejects with <code>400</code>. The date of birth’s range (from 1900-01-01 to 14 years before today) is given with <code>formatMinimum</code> and <code>formatMaximum</code>, the keywords of ajv-formats. The schema accepts the spellings the order reads leniently (an enumeration by its value or display text, a province by its code or name, a country by its code or its name in English or French, in any letter case, with or without accents; an amount as a decimal string) and refuses what the order refuses in any text (invisible or direction-changing characters, <code>invalid_character</code>, and line breaks outside the multi-line fields), through patterns given once in its <code>definitions</code>. The names make each check’s schema about 80 kB, most of it the pattern of some 440 country names; an ISO code (<code>CA</code>) is what records answer, and the surest thing to send;</li>
<li><code>required_information</code> and <code>documents</code>: the same needs as this page’s table;</li>
<li><code>turnaround</code>: the median (<code>p50_seconds</code>) and 90th percentile (<code>p90_seconds</code>) time from a check being queued to its result, as svc measured it on your account’s checks of the same provider in the environment, finished in the last 30 days. Fewer than 5 such checks give no figure: both are <code>null</code> with <code>basis</code> <code>too_few_samples</code>. svc shows no figure it did not measure.</li>
</ul>
${codeBlock(
  `curl -s -H "Authorization: Bearer $SVC_API_KEY" "$SVC_BASE_URL/api/v1/check-types/" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{
    const {team_type,results}=JSON.parse(s);
    const softcheck=results.find(c=>c.request_flag==="request_softcheck");
    console.log(team_type, results.length, softcheck.enabled, softcheck.provider && softcheck.provider.kind,
      softcheck.required_information.join(" "), softcheck.turnaround.basis);
    if(!softcheck.information_schema.allOf)process.exit(1);
  })'`,
  { label: 'curl', language: 'shell' },
)}
<h2 id="dry-run">Trying an order first</h2>
<p>Every invite and quick screen (HR and PM, every path form) takes <code>?dry_run=true</code>: the order is judged by every rule it would meet (its body, its owner, its package, the checks the team may order, their providers, the listing, the information a quick screen needs, a taken <code>external_id</code>) and not placed. The answer is the <code>4xx</code> the order would get, or <code>200</code> with what it would order: <code>owner_id</code>, <code>team_id</code>, <code>request_flags</code> (a package’s included), <code>package_id</code>, <code>listing_id</code>, <code>external_id</code> and the count of <code>applicants</code>. Nothing is written: no applicant, event, job or message, and an <code>Idempotency-Key</code> sent with a dry run is neither used nor kept, so the real order may send it next.</p>
${codeBlock(
  `curl -s -X POST "$SVC_BASE_URL/api/v1/hr/applications/invite/?dry_run=true" \
  -H "Authorization: Bearer $SVC_API_KEY" -H 'Content-Type: application/json' \
  -d '{"email": "dry.run@example.com", "owner_id": "'"$OWNER_ID"'", "request_softcheck": true}' |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const p=JSON.parse(s);if(p.dry_run!==true)process.exit(1);console.log(p.request_flags.join(" "),p.applicants)})'`,
  { label: 'curl', language: 'shell' },
)}
<h2 id="packages">Packages and service collections</h2>
<p>A ${opLink('retrievePackage', 'package')} names a set of request flags plus settings: send each of its <code>request_flags</code> as <code>true</code>. ${opLink('listServiceCollections', 'Service collections')} are read-only presets an applicant-tracking integration may have configured.</p>`,
};

const affected = (checks: readonly string[]): string =>
  checks.length === CHECK_NAMES.length
    ? 'Every check'
    : checks
        .map((check) => escapeHtml(CHECK_DISPLAY_NAMES[check as keyof typeof CHECK_DISPLAY_NAMES] ?? check))
        .join(', ');

export const testDataGuide: Guide = {
  file: 'guides/test-data.html',
  title: 'Test data',
  summary: 'Inputs that force each check outcome in the demo environment, like a payment API’s test cards.',
  body: `<h1>Test data</h1>
<p class="lead">In the demo environment (a <code>svc_demo_…</code> key) every check runs on a deterministic simulator: the same applicant information always gives the same result. Ordinary information gives <code>CLEAR</code> on every check, with realistic details. These inputs force the other outcomes, like a payment API’s test cards.</p>
${table({
  caption: 'Simulator test inputs',
  head: ['Send in <code>information</code>', 'Checks affected', 'Outcome', 'What you get'],
  rows: SIMULATOR_TEST_INPUTS.map((input) => [
    `<code id="${input.id}">${input.field}</code> = <code>${escapeHtml(input.value)}</code>`,
    affected(input.checks),
    `<strong>${input.produces.replace(/_/g, ' ')}</strong><br>${inline(input.summary)}`,
    inline(input.explanation),
  ]),
})}
<ul>
<li>Names are compared ignoring case and surrounding spaces. <code>sin_ssn</code> may be sent as digits or with dashes.</li>
<li>Inputs combine: last name <code>Debt</code> with date of birth <code>1980-01-01</code> gives a poor credit file and a criminal record; each check shows every effect that applies to it.</li>
<li>Checks that fail temporarily are retried by the worker; <code>Flaky</code> shows the retry, <code>Broken</code> what you see when a provider never answers.</li>
</ul>
<h2 id="example">Example: a criminal record</h2>
${codeBlock(
  json({
    information: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      date_of_birth: '1980-01-01',
      addresses: [{ address: '22 Wellesley St E', city: 'Toronto', province_state: 'ON', country: 'CA' }],
    },
    position_or_property_location: { province_state: 'ON', country: 'CA' },
    request_softcheck: true,
    request_criminal_record_check: true,
    owner_id: '<users.hr from credentials.json>',
  }),
  { label: 'Quick screen body (demo key)', language: 'json' },
)}
<p>Poll the application until it is <code>Returned</code>: <code>risk_result</code> and <code>rcmp_result</code> show <code>result</code> <code>REVIEW</code> with the case in their details and red flags.</p>`,
};
