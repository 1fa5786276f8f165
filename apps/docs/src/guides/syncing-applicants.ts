import { codeBlock } from '../markup.js';
import { opLink, type Guide } from './guide.js';

/** The reader's sync script: a mirror of the lists kept from the change feed, and a check that it equals them. */
const SYNC_SCRIPT = `// sync-applicants.mjs: keeps mirror.json equal to svc's applicant lists, from the change feed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const base = process.env.SVC_BASE_URL;
const headers = { authorization: 'Bearer ' + process.env.SVC_API_KEY };
async function get(path) {
  const answer = await fetch(base + path, { headers });
  if (!answer.ok) throw new Error(path + ' answered ' + answer.status);
  return answer.json();
}

// The mirror: every applicant by id, as the lists show it, and the cursor it was read up to.
const mirror = existsSync('mirror.json')
  ? JSON.parse(readFileSync('mirror.json', 'utf8'))
  : { cursor: null, applicants: {} };

// Reads the feed from the stored cursor to its end: an upsert per change (tombstones too), the cursor stored with
// what it applied. Returns how many changes it applied.
async function sync() {
  let applied = 0;
  for (;;) {
    const after = mirror.cursor ? '&after=' + encodeURIComponent(mirror.cursor) : '';
    const page = await get('/api/v1/applicants/changes/?page_size=100' + after);
    for (const { kind, applicant } of page.results) mirror.applicants[applicant.id] = { kind, applicant };
    applied += page.results.length;
    mirror.cursor = page.next_cursor;
    writeFileSync('mirror.json', JSON.stringify(mirror));
    if (!page.has_more) return applied;
  }
}

// Every item of the HR and PM lists, by id.
async function lists() {
  const all = {};
  for (const [kind, path] of [['HR', '/api/v1/hr/applicants/'], ['PM', '/api/v2/applicants/']]) {
    for (let page = 1; ; page += 1) {
      const listed = await get(path + '?page_size=100&page=' + page);
      for (const applicant of listed.results) all[applicant.id] = { kind, applicant };
      if (!listed.next) break;
    }
  }
  return all;
}

const same = (a, b) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.keys(a).every((id) => JSON.stringify(a[id]) === JSON.stringify(b[id]));

if (process.argv[2] !== 'check') {
  console.log('applied', await sync(), 'changes;', Object.keys(mirror.applicants).length, 'applicants');
} else {
  // Applicants change while they are read (checks finish): the lists are read between two syncs, and compared
  // once the second sync found nothing new.
  for (let attempt = 1; ; attempt += 1) {
    await sync();
    const listed = await lists();
    if ((await sync()) === 0 && same(mirror.applicants, listed)) {
      console.log('the mirror equals the lists:', Object.keys(listed).length, 'applicants');
      break;
    }
    if (attempt === 30) throw new Error('the mirror never caught up with the lists');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}`;

const auth = '-H "Authorization: Bearer $SVC_API_KEY"';
const json = "-H 'Content-Type: application/json'";
const idOf = (field: string) => `node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).${field}'`;

export const syncingApplicantsGuide: Guide = {
  file: 'guides/syncing-applicants.html',
  title: 'Syncing applicants',
  summary:
    'Keep your own copy of every applicant from the change feed: an upsert per change, a cursor stored with it, tombstones for erasures.',
  body: `<h1>Syncing applicants</h1>
<p class="lead">${opLink('listApplicantChanges', 'GET /api/v1/applicants/changes/')} gives every applicant of the key’s teams (HR and PM) created, changed or erased since a cursor, oldest change first, each once and as the lists show it now. A mirror that applies each change as an upsert by <code>applicant.id</code> and stores <code>next_cursor</code> with what it applied stays equal to the lists, whatever happened in between: orders, submissions, results, cancellations, erasures.</p>
<ul>
<li>Start without <code>after</code>: the feed starts at the beginning and gives every applicant there is.</li>
<li>Read on while <code>has_more</code>; then poll (every minute or so). A cursor with nothing after it answers an empty page and the same cursor.</li>
<li>Store the cursor <em>with</em> what you applied (one write, or one transaction): a crash between the two would apply a page twice (harmless: upserts) or skip it (not harmless).</li>
<li>An erased applicant comes as a tombstone: <code>change</code> <code>erased</code> and the anonymous record the lists show (<code>status</code> <code>Erased</code>, no personal data). Delete your copy’s personal data then.</li>
<li>A change shows once every transaction that began before it has ended, so one that commits late is never skipped; it may show a moment after the lists show it.</li>
<li>No cursor goes stale. The feed keeps each applicant’s latest change for as long as the applicant exists, and deletes an earlier change once a later one of the same applicant is older than the deployment’s retention (<code>SVC_APPLICANT_CHANGES_RETENTION_DAYS</code>, 7 days by default). Since every change answers the applicant as it is now, a mirror that was offline for months, or one started from the beginning, reads each applicant changed since its cursor once, at its latest, and ends equal to the lists: there is nothing to resync.</li>
</ul>
<p>The script below keeps <code>mirror.json</code> from the feed. Its <code>check</code> mode then compares the mirror with the lists, read between two syncs (applicants change while they are read: the comparison counts once a sync finds nothing new).</p>
${codeBlock(
  `cat > sync-applicants.mjs <<'JS'
${SYNC_SCRIPT}
JS
node sync-applicants.mjs
PM_OWNER_ID=$(node -p "require('./.data/credentials.json').users.pm")
# A mixed workload: a quick screen (then erased), an invitation (then cancelled), a PM invitation of two applicants.
SCREENED=$(curl -s -X POST "$SVC_BASE_URL/api/v1/hr/applications/quick/" ${auth} ${json} -d '{"owner_id": "'"$OWNER_ID"'",
  "request_softcheck": true, "position_or_property_location": {"province_state": "ON", "country": "CA"},
  "information": {"first_name": "Mary", "last_name": "Jackson", "date_of_birth": "1981-04-09",
    "addresses": [{"address": "1 Main St", "city": "Toronto", "province_state": "ON", "country": "CA"}]}}' | ${idOf('id')})
INVITED=$(curl -s -X POST "$SVC_BASE_URL/api/v1/hr/applications/invite/" ${auth} ${json} \\
  -d '{"owner_id": "'"$OWNER_ID"'", "email": "dorothy.vaughan@example.com", "request_softcheck": true}' | ${idOf('applicant.id')})
curl -s -X POST "$SVC_BASE_URL/api/v2/applications/invite/" ${auth} ${json} -o /dev/null -d '{"owner_id": "'"$PM_OWNER_ID"'",
  "email": "katherine.johnson@example.com", "request_softcheck": true,
  "grouped_applicants": [{"email": "roommate@example.com"}]}'
curl -s -X POST "$SVC_BASE_URL/api/v1/hr/applicants/$INVITED/cancel/" ${auth} ${json} -o /dev/null -d '{"reason": "position_filled"}'
curl -s -X POST "$SVC_BASE_URL/api/v1/hr/applicants/$SCREENED/erase/" ${auth} -o /dev/null
node sync-applicants.mjs check`,
  { label: 'Shell', language: 'shell' },
)}`,
};
