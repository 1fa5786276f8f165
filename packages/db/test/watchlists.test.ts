import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  checksumTap,
  parseWatchlist,
  WatchlistFormatError,
  type WatchlistInput,
  type WatchlistSource,
} from '@svc/watchlists';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentWatchlistVersions,
  importWatchlistVersion,
  watchlistEntriesByNumber,
  watchlistEntryPages,
  watchlistVersionHistory,
  type Database,
} from '../src/index.js';
import { databaseTargets } from './support/databases.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../watchlists/test/fixtures/${name}`, import.meta.url));

function importFile(db: Database, source: WatchlistSource, file: WatchlistInput, now = new Date()) {
  const tap = checksumTap();
  const parsed = parseWatchlist(source, { file: tap.through(file) });
  return importWatchlistVersion(db, { source, parsed, checksum: tap.digest, now });
}

async function* withText(text: string) {
  yield Buffer.from(text);
}

describe.each(databaseTargets())('watchlist versions on $name', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => target.dispose());

  it('imports a version with its facts, keeps it in force when a later file is refused, supersedes it with a new one', async () => {
    const first = await importFile(db, 'un', createReadStream(fixture('un.xml')), new Date('2024-03-05T00:00:00Z'));
    expect(first).toMatchObject({ status: 'imported', superseded: null });
    expect(first.version).toMatchObject({
      source: 'un',
      entryCount: 3,
      nameCount: 8,
      publishedAt: new Date('2024-03-04T10:02:13.617-05:00'),
      checksum: expect.stringMatching(/^[0-9a-f]{64}$/),
      supersededAt: null,
    });

    const text = await readFile(fixture('un.xml'), 'utf8');
    await expect(importFile(db, 'un', withText(text.slice(0, text.length - 200)))).rejects.toBeInstanceOf(
      WatchlistFormatError,
    );
    expect(await currentWatchlistVersions(db.dataSource.manager)).toEqual([first.version]);
    expect(await watchlistVersionHistory(db.dataSource.manager)).toHaveLength(1);

    expect(await importFile(db, 'un', createReadStream(fixture('un.xml')))).toEqual({
      status: 'unchanged',
      version: first.version,
    });

    const added = text.replace(
      '</INDIVIDUALS>',
      `<INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>SEAN</FIRST_NAME><SECOND_NAME>OMALLEY</SECOND_NAME><REFERENCE_NUMBER>QDi.999</REFERENCE_NUMBER></INDIVIDUAL></INDIVIDUALS>`,
    );
    const second = await importFile(db, 'un', withText(added));
    expect(second).toMatchObject({ status: 'imported', superseded: first.version.id, version: { entryCount: 4 } });
    const history = await watchlistVersionHistory(db.dataSource.manager);
    expect(history.map((version) => [version.id, version.supersededAt === null])).toEqual([
      [second.version.id, true],
      [first.version.id, false],
    ]);

    const pages = [];
    for await (const page of watchlistEntryPages(db.dataSource.manager, second.version.id, 2)) pages.push(page);
    expect(pages.map((page) => page.map((entry) => entry.listId))).toEqual([
      ['QDi.299', 'KPi.070'],
      ['QDi.999', 'QDe.137'],
    ]);
    expect(await watchlistEntriesByNumber(db.dataSource.manager, first.version.id, [1])).toMatchObject([
      {
        listId: 'KPi.070',
        names: ['KIM YONG CHOL', 'Kim Yong-Chol'],
        birthDates: ['1946', '1947'],
        nationalities: ['KP'],
      },
    ]);

    // A third version deletes the first's entries: the previous one's stay for screenings under way.
    await importFile(db, 'un', withText(added.replace('OMALLEY', 'OMALLY')));
    expect(await watchlistEntriesByNumber(db.dataSource.manager, first.version.id, [0, 1])).toEqual([]);
    expect(await watchlistEntriesByNumber(db.dataSource.manager, second.version.id, [0])).toHaveLength(1);
  });

  it('stores every character a list writes, and refuses a file that fails after thousands of entries', async () => {
    const line = (id: string, names: string[]) =>
      JSON.stringify({ id, schema: 'Person', properties: { name: names.slice(0, 1), alias: names.slice(1) } });
    const odd = ['Back\\slash "Quoted", {Braced}', 'Tab\there\nand a new line', 'NULL', ''];
    const many = Array.from({ length: 4_500 }, (_, index) => line(`E${index}`, [`Person ${index}`]));
    const first = await importFile(db, 'opensanctions', withText([line('odd', odd), ...many].join('\n')));
    expect(first).toMatchObject({ status: 'imported', version: { entryCount: 4_501 } });
    const [stored] = await watchlistEntriesByNumber(db.dataSource.manager, first.version.id, [0]);
    expect(stored?.names).toEqual(odd.filter((name) => name !== ''));

    const cut = [...many, '{"id": "E-broken", "schema": "Person", "prop'].join('\n');
    await expect(importFile(db, 'opensanctions', withText(cut))).rejects.toBeInstanceOf(WatchlistFormatError);
    const current = await currentWatchlistVersions(db.dataSource.manager);
    expect(current.find((version) => version.source === 'opensanctions')).toEqual(first.version);
  });
});
