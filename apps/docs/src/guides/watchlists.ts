import { WATCHLIST_SOURCE_NAMES, WATCHLIST_SOURCES } from '@svc/watchlists';
import { codeBlock, heading, table } from '../markup.js';
import type { Guide } from './guide.js';

const FILES: { readonly [S in (typeof WATCHLIST_SOURCES)[number]]: string } = {
  ofac_sdn: '<code>sdn.xml</code>; its <code>Record_Count</code> must equal the entries read',
  ofac_sdn_csv:
    '<code>sdn.csv</code> with <code>alt.csv</code> beside it (or <code>--aliases</code>); <code>add.csv</code> holds addresses, which are not compared',
  un: 'the consolidated list XML (<code>CONSOLIDATED_LIST</code>)',
  eu: 'the financial sanctions file, XML 1.1 (<code>export</code>)',
  uk: 'OFSI’s <code>ConList.csv</code>',
  ca: '<code>sema-lmes.xml</code> (<code>data-set</code>)',
  opensanctions: 'FollowTheMoney entities as JSON lines (<code>entities.ftm.json</code>), PEPs included',
};

const providerExample = {
  watchlists: {
    type: 'watchlists',
    checks: ['softcheck'],
    threshold: 0.85,
    review_band: 0.1,
    monitoring_months: 12,
    teams: { '6f1c2d3e-4b5a-4978-8c6d-5e4f3a2b1c0d': { threshold: 0.9, review_band: 0.05, monitoring_months: 6 } },
  },
};

export const watchlistsGuide: Guide = {
  file: 'guides/watchlists.html',
  title: 'Watchlist screening',
  summary:
    'The built-in screening of sanctions and watch lists: importing the official files, how names are matched and explained, thresholds, and what it does not cover.',
  body: `<h1>Watchlist screening</h1>
<p class="lead">svc screens applicants against sanctions and watch lists itself, from the files their publishers issue: no list is fetched by svc unless the operator says where from (<code>SVC_WATCHLIST_FETCH</code>), and nothing about an applicant leaves the machine.</p>
${heading(2, 'Importing the lists')}
${codeBlock('pnpm svc watchlists import ofac_sdn sdn.xml\npnpm svc watchlists import uk ConList.csv\npnpm svc watchlists list --all', { label: 'an operator imports a list version, on the server', language: 'sh' })}
${table({
  caption: 'Sources and their files',
  head: ['Source', 'List', 'File'],
  rows: WATCHLIST_SOURCES.map((source) => [`<code>${source}</code>`, WATCHLIST_SOURCE_NAMES[source], FILES[source]]),
})}
<p>A worker can also download lists itself, from URLs you configure (a publisher’s address, or a mirror on your network): <code>SVC_WATCHLIST_FETCH</code> names a URL per source, and <code>SVC_WATCHLIST_FETCH_SCHEDULE</code> when to download (cron, UTC; default daily at 04:00). Each download is imported exactly as the command imports a file. Off unless set.</p>
${codeBlock(`SVC_WATCHLIST_FETCH='${JSON.stringify({ ofac_sdn: 'https://lists.example.org/sdn.xml', uk: 'https://lists.example.org/ConList.csv' })}'`, { label: 'SVC_WATCHLIST_FETCH (workers)', language: 'shell' })}
<p>Each import is a <em>version</em>: its source, the publication date the file states, the SHA-256 of the file, and its counts of entries and names. It replaces the source’s version in force in one transaction. A file that cannot be read whole (not well-formed, cut short, another format, not UTF-8, no entry) is refused with the reason, and the version in force stays in force (a download that fails or is refused is logged, and the next occurrence tries again); a file identical to the version in force changes nothing. On the embedded database, run the import while <code>svc start</code> is stopped.</p>
${heading(2, 'The watchlist provider')}
<p>The operator turns it on in <code>SVC_PROVIDERS</code> (API and workers alike, see <a href="providers.html">Providers</a>). It answers the softcheck in live <em>and</em> demo: it runs on this machine and sends nothing out, so demo screenings use it too.</p>
${codeBlock(`SVC_PROVIDERS='${JSON.stringify(providerExample)}'`, { label: 'SVC_PROVIDERS', language: 'shell' })}
${table({
  caption: 'Watchlist provider settings',
  head: ['Setting', 'Meaning'],
  rows: [
    ['<code>checks</code>', '<code>["softcheck"]</code>: the check whose watch-list search it answers.'],
    [
      '<code>threshold</code>',
      'A list entry scoring this much or more (0.5 to 1; default 0.85) is a possible match: the check is <code>REVIEW</code> with the evidence. Never <code>NOT_CLEAR</code>: whether a namesake is the applicant is for a person to decide.',
    ],
    [
      '<code>review_band</code>',
      'Entries scoring up to this much below the threshold (default 0.1) are listed as near matches, for the reviewer, without changing the outcome.',
    ],
    [
      '<code>monitoring_months</code>',
      'How long an applicant stays monitored after the order (0 to 120; default 12; 0: never re-screened): see Re-screening below.',
    ],
    [
      '<code>teams</code>',
      'Another <code>threshold</code> and <code>review_band</code> (and, optionally, <code>monitoring_months</code>) for some teams, by team id.',
    ],
  ],
})}
${heading(2, 'Re-screening when a list changes')}
<p>Each import that makes a new version re-screens, in the workers, every applicant still monitored against it: one whose softcheck this provider answered, consented (in the portal, or a quick screen, whose consent you hold), not erased, and ordered within the team’s monitoring period (<code>monitoring_months</code>, 12 by default). An entry of the new version scoring the threshold or more that was not found for the applicant before is recorded on it and announced as a <code>watchlist.hit</code> event (see <a href="events.html">Events and webhooks</a>): the applicant and application ids, the list, its version and the list’s own id of the entry; no name or date of birth. An entry already found (by the check, or an earlier version) is not announced again. The hit is shown on the applicant’s record (<code>watchlist_hits</code>, below) with its evidence; the softcheck’s result and the report issued are not changed: the hit is for a person to review. Erasing an applicant stops its monitoring and deletes its hits.</p>
${heading(2, 'What a result says')}
<ul>
<li><code>risk_result.red_flags</code>: one sentence per possible match: the score and threshold, the list and its entry (identifier, name as listed, programmes), and the reasons: each word of the applicant’s name and how it matched the listed one, words only one side has, and how the date of birth and nationality compared.</li>
<li><code>risk_result.risk_evaluations[].criminal_results</code>: each possible and near match as an identity: confidence (the score × 100), the list as source with its version id, checksum and publication date, the listed aliases and full dates of birth.</li>
<li><code>risk_result.green_flags</code>: which lists and versions were searched, and what was not: <strong>court records and adverse media are not searched by this provider</strong>. Order them from a provider that does when you need them. The last green flag is the date the result reflects: the result and the report issued with it stay as they were, and an entry a later list version brings (a re-screening) is on the applicant’s record (<code>watchlist_hits</code>, <code>found_by</code> <code>RESCREENING</code>) and announced by a <code>watchlist.hit</code> event, not added to the report.</li>
<li><code>watchlist_hits</code>, on the applicant’s record (HR and PM): every entry found for the applicant, by the softcheck (<code>found_by</code> <code>SCREENING</code>) or by a re-screening (<code>RESCREENING</code>): the list (<code>source</code>, <code>list_name</code>), the version it was first found in (<code>list_version_id</code>, <code>list_published_on</code>), the list’s id of the entry and its name as listed, the score and the reasons, and <code>status</code> <code>REVIEW</code>. Nothing the report does not show: no listed date of birth, no address. The reasons quote the applicant’s name, so they are encrypted at rest, and an erasure deletes the hits.</li>
<li>With no list imported the check fails (<code>FAILED</code>, with the reason) rather than saying “no match”.</li>
</ul>
${heading(2, 'How names are matched')}
<ul>
<li>Names are compared as words: Unicode compatibility forms folded, every script transliterated to Latin letters (Cyrillic, Greek, Arabic and others; diacritics dropped), case and punctuation ignored, honorifics dropped. Word order and commas do not matter: <code>PUTIN, Vladimir Vladimirovich</code> and <code>Vladimir Putin</code> have the same words but one.</li>
<li>Two words match as the same word (similarity 1), as words written together (<code>Abdul Rahman</code>/<code>Abdulrahman</code>: the same letters, 0.97, or one letter apart in a word of eight or more), as known forms of one given name (a table of transliterations and familiar forms: <code>Mohamed</code>/<code>Muhammad</code>/<code>Mohammed</code>, <code>Sean</code>/<code>Shawn</code>, <code>Yevgeny</code>/<code>Evgeniy</code>, <code>William</code>/<code>Bill</code>; 0.94), as sounding alike (the same phonetic key, a consonant skeleton that folds transliteration habits: <code>Poutine</code>/<code>Putin</code>, <code>محمد</code>/<code>Mohamed</code>; 0.6 + 0.35 × their Jaro-Winkler similarity, at most 0.92 and at most 0.95 − 0.04 × the letters changed, so the closer spelling scores more), as a spelling variant (one typo in a word of four letters or more; 0.92 − 0.5 ÷ the longer word’s length), or as an initial (<code>V.</code>/<code>Vladimir</code>, 0.85). Each word of the applicant’s name is paired with at most one listed word, best pairs first, in any order.</li>
<li>Words weigh 1, initials 0.5 and particles (<code>al</code>, <code>bin</code>, <code>de</code>, <code>van</code>…) 0.3; a pair weighs the mean of its two words. A name’s score is Σ(similarity × weight) over the pairs, divided by Σ weight of the pairs plus what is missing: an applicant’s first or last name the listed name lacks costs its weight, a middle name the list lacks 0.3 × its weight, a word only the list has (a middle name, a patronymic) 0.15 × its weight, but the listed first given name 0.4 × its weight (a listed <code>ALALDIR, Ahmed Ali</code>, Ahmed son of Ali, is not <code>Ali Alaldir</code> by name alone; a list’s <code>FAMILY, Given Middle</code> is read given names first). When an initial matched and another word matched only as a variant, the score is × 0.9. At least two words other than particles and initials must match (one for a one-word name), else there is no score. Example: <code>Vladimir Putin</code> against <code>PUTIN, Vladimir Vladimirovich</code>: two exact words, one listed patronymic missing: 2 ÷ (2 + 0.15) = 0.93.</li>
<li>The entry’s score is its best name’s, then weighs the facts: the listed date of birth adds 0.05 (the listed year, when the list gives only a year, 0.03); another date in the listed year ×0.9; a different birth year makes it another person (×0.6: below any threshold); a listed nationality adds 0.02, none of them takes 0.05; the result is kept between 0 and 1. Organisations, vessels and aircraft are not compared with a person. The applicant’s alias is screened too.</li>
<li>A list holds a person once, under all their names. So when another person of the same list matches every word of the applicant’s name at least as closely and one word more closely (<code>Jorge Ramirez</code> is listed, and so is <code>Jorge Ramires</code>: screening <code>Jorge Ramirez</code> reports the first only), the entry matched only through a variant is left out, unless the applicant’s date of birth is its own. How closely is counted in letters, not by similarity: the same word and known forms of one given name are the name itself, then each letter changed is a step, whether or not the sound is kept (<code>Rastolev</code> is a typo of a listed <code>Raspolev</code> as much as of a listed <code>Rastilev</code>: both are reported), and an initial sits between two and three letters.</li>
<li>A name that matches only through a misspelling, a sound or an initial, and that matches two or more other people of the same list just as closely (their dates of birth not ruling them out), identifies none of them: each scores 0.1 less, which puts them in the review band rather than above the threshold, and the reasons say how many other people match as closely. When another person matching such a name as closely has the applicant’s date of birth, that person is reported and this one left out. An exact name is never discounted for namesakes. Entries of different lists are never left out or discounted for each other.</li>
<li>An entry scoring the threshold (default 0.85) or more is a possible match (<code>REVIEW</code>); one within the review band below it is a near match, shown without changing the outcome.</li>
<li>The lists in force are held in each worker’s memory as an index of phonetic keys, built from the database when a worker starts and again when a version is imported; only names sharing keys (or keys a typo away) with the applicant’s are compared in full./li>
</ul>
`,
};
