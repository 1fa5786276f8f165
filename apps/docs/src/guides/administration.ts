import * as enums from '@svc/contract';
import { escapeHtml, inline, table } from '../markup.js';
import { opLink, type Guide } from './guide.js';

export const administrationGuide: Guide = {
  file: 'guides/administration.html',
  title: 'Administration',
  summary: 'Partner, superteams, teams and users; packages; which keys may do what; API version 1.1.0.',
  body: `<h1>Administration</h1>
<p class="lead">Accounts are a hierarchy: a <strong>partner</strong> holds <strong>superteams</strong>, a superteam holds <strong>teams</strong> (of type HR or PM), a team holds <strong>users</strong>. Applications are ordered by a user and belong to the user’s team.</p>
<figure class="diagram">
<svg viewBox="0 0 640 150" role="img" aria-labelledby="hier-title" xmlns="http://www.w3.org/2000/svg">
<title id="hier-title">Partner, then superteams, then teams (HR or PM), then users; packages belong to a team</title>
<g class="sm-box sm-wait"><rect x="10" y="45" width="120" height="56" rx="8"/><text x="30" y="79" class="sm-title">Partner</text></g>
<g class="sm-box sm-run"><rect x="170" y="45" width="130" height="56" rx="8"/><text x="186" y="79" class="sm-title">Superteams</text></g>
<g class="sm-box sm-run"><rect x="340" y="20" width="130" height="56" rx="8"/><text x="356" y="46" class="sm-title">Teams</text><text x="356" y="66" class="sm-line">HR or PM</text></g>
<g class="sm-box sm-done"><rect x="510" y="20" width="120" height="56" rx="8"/><text x="530" y="54" class="sm-title">Users</text></g>
<g class="sm-box sm-wait"><rect x="340" y="96" width="130" height="46" rx="8"/><text x="356" y="124" class="sm-title">Packages</text></g>
<path d="M130,73 L166,73" class="sm-edge" marker-end="url(#hier-arrow)"/>
<path d="M300,65 L336,50" class="sm-edge" marker-end="url(#hier-arrow)"/>
<path d="M470,48 L506,48" class="sm-edge" marker-end="url(#hier-arrow)"/>
<path d="M405,76 L405,92" class="sm-edge" marker-end="url(#hier-arrow)"/>
<defs><marker id="hier-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto"><path d="M0,0 L10,5 L0,10 z" class="sm-arrowhead"/></marker></defs>
</svg>
<figcaption>Each level holds many of the next.</figcaption>
</figure>
${table({
  caption: 'Levels of the hierarchy',
  head: ['Level', 'What it is', 'Operations'],
  rows: [
    [
      'Partner',
      'Your account with svc, created by <code>pnpm svc bootstrap</code> (or by <code>npm start</code> for the demo partner). It has an API version (1.1.0 by default).',
      '—',
    ],
    [
      'Superteam',
      'Upper level: a reseller separates its customers with several superteams. It sets SMS invitations (<code>is_secure_sms_enabled</code>).',
      `${opLink('listSuperteams', 'list')}, ${opLink('retrieveSuperteam', 'retrieve')}, ${opLink('createSuperteam', 'create')}, ${opLink('updateSuperteam', 'update')}`,
    ],
    [
      'Team',
      'Lower level, of type HR or PM, where applications are ordered and billed: invoiced monthly, or paid online by the applicant when <code>pre_pay</code> is true. Its settings say which checks it may run.',
      `${opLink('listTeams', 'list')}, ${opLink('retrieveTeam', 'retrieve')}, ${opLink('createTeam', 'create')}, ${opLink('replaceTeam', 'replace')}, reference templates (${opLink('listAddressReferenceTemplates', 'address')}, ${opLink('listEmployerReferenceTemplates', 'employer')})`,
    ],
    [
      'User',
      'A person who orders checks and owns applications (<code>owner_id</code>). No welcome email is sent on creation.',
      `${opLink('listUsers', 'list')}, ${opLink('retrieveUser', 'retrieve')}, ${opLink('createUser', 'create')}, ${opLink('updateUser', 'update')}`,
    ],
    [
      'Package',
      'A named set of request flags plus settings, of a team. End users pick one; you send its flags when ordering.',
      `${opLink('listPackages', 'list')}, ${opLink('retrievePackage', 'retrieve')}, ${opLink('createPackage', 'create')}, ${opLink('replacePackage', 'replace')}, ${opLink('deletePackage', 'delete')}`,
    ],
  ],
})}
<h2 id="keys">Which keys may do what</h2>
${table({
  caption: 'Permissions',
  head: ['Operations', 'Partner-admin key', 'Team user key'],
  rows: [
    [
      'Superteams, teams, users',
      'Yes, on API version 1.1.0 or later (else <code>403 api_version_unsupported</code>); a demo key reads them but its writes answer <code>403 forbidden_in_demo</code>',
      '<code>403 forbidden</code>',
    ],
    ['Packages', 'Every package of the partner', 'Its team’s packages'],
    [
      'Applications and reports (HR, PM)',
      'Any <code>owner_id</code> of the partner; every application',
      'Its team’s applications',
    ],
    ['Properties and listings (PM)', 'Every PM team of the partner', 'Its team’s'],
    [
      'API keys',
      'Every user’s keys: issue (live ones included), rotate, revoke; a demo key only reads them',
      'Its own user’s keys',
    ],
  ],
})}
<p>A user created through the API calls the API with a key a partner admin issues for it (${opLink('createApiKey', 'POST /api/v1/api-keys/')}); see <a href="authentication.html">Authentication</a>.</p>
<p>Superteams, teams and users are shared by the live and demo environments, so only a live key changes them: a demo key is a test key. Packages, properties, listings and applications belong to the environment of the key that made them; a demo key manages its own and never sees live ones.</p>
<p>HR operations take owners from HR teams, PM operations (applications, properties, listings) from PM teams; another <code>owner_id</code> answers <code>400</code> naming it. Another tenant’s id answers <code>404</code>.</p>
<h2 id="api-version">API version 1.1.0</h2>
<p>Superteams, teams and users are available to partners on API version 1.1.0 or later; packages to every partner. The version is an attribute of the partner (1.1.0 by default); support changes it.</p>
<h2 id="bootstrap">What bootstrap creates</h2>
<p><code>pnpm svc bootstrap --json</code> prints <code>{"partner_id", "superteam_id", "teams": {"hr", "pm"}, "users": {"hr", "pm"}, "user_id", "email", "api_keys": {"live", "demo"}}</code>: one superteam, an HR and a PM team that may run every check, a user in each, and the partner-admin user (<code>user_id</code>, in the HR team) who owns both keys.</p>
<h2 id="countries">Countries</h2>
<p>Superteams and teams are in <code>CA</code>, <code>US</code>, <code>GB</code> or <code>AU</code>. A <code>province_state</code> of <code>OT</code> (other) needs <code>other_province_state</code>.</p>`,
};

type EnumLike = { values: readonly string[]; labels: Record<string, string>; schema: { description?: string } };
const isEnum = (value: unknown): value is EnumLike =>
  typeof value === 'object' && value !== null && 'values' in value && 'labels' in value && 'schema' in value;

/** Every enum of the contract with its values and display texts. */
export function enumsGuide(): Guide {
  const entries = Object.entries(enums as Record<string, unknown>)
    .filter((entry): entry is [string, EnumLike] => isEnum(entry[1]))
    .sort(([a], [b]) => a.localeCompare(b));
  const sections = entries
    .map(([name, definition]) => {
      const description = (definition.schema.description ?? '').replace(/ One of: .*$/, '');
      const rows = definition.values.map((value) => [
        `<code>${escapeHtml(value)}</code>`,
        escapeHtml(definition.labels[value] ?? ''),
      ]);
      return `<h2 id="${name}"><code>${name}</code></h2>\n<p>${inline(description)}</p>\n${table({ caption: `Values of ${name}`, head: ['Value', 'Label (display text)'], rows })}`;
    })
    .join('\n');
  return {
    file: 'guides/enums.html',
    title: 'Enums',
    summary: 'Every enum of the API with its full set of values and their display texts (*_label fields).',
    body: `<h1>Enums</h1>
<p class="lead">svc defines each full set, containing the values shown. A <code>*_label</code> field carries the display text of its value field.</p>
${sections}`,
  };
}
