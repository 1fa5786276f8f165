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
