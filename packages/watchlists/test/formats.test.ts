import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseWatchlist, WatchlistFormatError, type WatchlistEntry, type WatchlistSource } from '../src/index.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

async function readAll(source: WatchlistSource, file: string, aliases?: string) {
  const parsed = parseWatchlist(source, {
    file: createReadStream(fixture(file), { highWaterMark: 97 }),
    ...(aliases ? { aliases: createReadStream(fixture(aliases)) } : {}),
  });
  const entries: WatchlistEntry[] = [];
  for await (const entry of parsed.entries) entries.push(entry);
  return { entries, facts: parsed.facts() };
}

/** The first `fraction` of a fixture's bytes, as a download cut short would leave it. */
async function* truncated(file: string, fraction: number) {
  const bytes = await readFile(fixture(file));
  yield bytes.subarray(0, Math.floor(bytes.length * fraction));
}

async function refusal(source: WatchlistSource, file: AsyncIterable<Uint8Array | string>, aliases?: string) {
  const parsed = parseWatchlist(source, { file, ...(aliases ? { aliases: createReadStream(fixture(aliases)) } : {}) });
  try {
    for await (const _ of parsed.entries);
  } catch (error) {
    return error;
  }
  return null;
}

const putin = {
  entityType: 'person',
  birthDates: ['1952-10-07'],
  nationalities: ['RU'],
};

describe('the official formats', () => {
  it('reads OFAC SDN XML: names, aliases, dates of birth, nationalities, types, programmes, publication', async () => {
    const { entries, facts } = await readAll('ofac_sdn', 'sdn.xml');
    expect(facts.publishedAt).toBe('2024-03-01');
    expect(entries).toHaveLength(4);
    expect(entries[0]).toMatchObject({
      listId: '35096',
      names: ['Vladimir Vladimirovich PUTIN'],
      programs: ['RUSSIA-EO14024'],
      ...putin,
    });
    expect(entries[2]).toMatchObject({
      names: ['Mohammed AL-ZAHRANI', 'Muhammad Abdallah AL-ZAHRANI', 'ABU ZAHRA'],
      birthDates: ['1971'],
      nationalities: ['SA'],
    });
    expect(entries[3]).toMatchObject({
      entityType: 'organisation',
      names: ['AEROCARIBBEAN AIRLINES', 'AERO-CARIBBEAN'],
    });
  });

  it('reads the OFAC CSV pair sdn.csv and alt.csv, facts from the remarks', async () => {
    const { entries } = await readAll('ofac_sdn_csv', 'sdn.csv', 'alt.csv');
    expect(entries.map((entry) => entry.listId)).toEqual(['35096', '22790', '6310', '9647']);
    expect(entries[0]).toMatchObject({ names: ['PUTIN, Vladimir Vladimirovich'], ...putin });
    expect(entries[2]).toMatchObject({
      names: ['AL-ZAHRANI, Mohammed', 'AL-ZAHRANI, Muhammad Abdallah', 'ABU ZAHRA'],
      programs: ['SDGT'],
    });
    expect(entries[3]).toMatchObject({ entityType: 'organisation', birthDates: [] });
  });

  it('reads the UN consolidated XML: name parts, aliases, original script, year ranges', async () => {
    const { entries, facts } = await readAll('un', 'un.xml');
    expect(facts.publishedAt).toBe('2024-03-04T10:02:13.617-05:00');
    expect(entries[0]).toMatchObject({
      listId: 'QDi.299',
      names: [
        'IBRAHIM AWWAD IBRAHIM ALI AL-BADRI AL-SAMARRAI',
        'Abu Bakr al-Baghdadi',
        'Dr. Ibrahim',
        'ابراهيم عواد ابراهيم علي البدري السامرائي',
      ],
      birthDates: ['1971'],
      nationalities: ['IQ'],
    });
    expect(entries[1]).toMatchObject({ birthDates: ['1946', '1947'], nationalities: ['KP'] });
    expect(entries[2]).toMatchObject({ listId: 'QDe.137', entityType: 'organisation' });
  });

  it('reads the EU financial sanctions file', async () => {
    const { entries, facts } = await readAll('eu', 'eu.xml');
    expect(facts.publishedAt).toBe('2024-03-01T18:00:38.142+01:00');
    expect(entries[0]).toMatchObject({
      listId: 'EU.5871.44',
      names: ['Vladimir Vladimirovich Putin', 'Владимир Владимирович Путин'],
      programs: ['UKR'],
      ...putin,
    });
    expect(entries[1]).toMatchObject({ birthDates: ['1969'], nationalities: ['VE'] });
    expect(entries[2]).toMatchObject({ entityType: 'organisation' });
  });

  it('reads the UK consolidated list CSV, gathering the rows of a group', async () => {
    const { entries, facts } = await readAll('uk', 'ConList.csv');
    expect(facts.publishedAt).toBe('2024-03-08');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ listId: '14195', names: ['Vladimir Vladimirovich PUTIN'], ...putin });
    expect(entries[1]).toMatchObject({
      names: ['Sean SHCHERBAKOV', 'Shawn SHERBAKOV'],
      birthDates: ['1975'],
      nationalities: ['RU', 'CY'],
    });
    expect(entries[2]).toMatchObject({ entityType: 'organisation' });
  });

  it('reads the Canadian SEMA XML', async () => {
    const { entries } = await readAll('ca', 'sema-lmes.xml');
    expect(entries[0]).toMatchObject({
      listId: 'Russia 1',
      names: ['Vladimir Vladimirovich Putin', 'Vladimir Poutine', 'Wladimir Putin'],
      birthDates: ['1952-10-07'],
    });
    expect(entries[2]).toMatchObject({ entityType: 'vessel', birthDates: [] });
  });

  it('reads OpenSanctions FollowTheMoney JSON lines, parties only', async () => {
    const { entries, facts } = await readAll('opensanctions', 'entities.ftm.json');
    expect(facts.publishedAt).toBe('2024-02-28T10:15:00');
    expect(entries.map((entry) => entry.entityType)).toEqual(['person', 'person', 'person', 'vessel']);
    expect(entries[0]).toMatchObject({ listId: 'Q7747', ...putin });
  });

  it.each([
    ['ofac_sdn', 'sdn.xml'],
    ['un', 'un.xml'],
    ['eu', 'eu.xml'],
    ['ca', 'sema-lmes.xml'],
    ['opensanctions', 'entities.ftm.json'],
    ['uk', 'ConList.csv'],
    ['ofac_sdn_csv', 'sdn.csv'],
  ] as const)('refuses a truncated %s file whole', async (source, file) => {
    const error = await refusal(source, truncated(file, 0.63), source === 'ofac_sdn_csv' ? 'alt.csv' : undefined);
    expect(error).toBeInstanceOf(WatchlistFormatError);
  });

  it('refuses a file of another format and a file that is not text', async () => {
    expect(await refusal('un', createReadStream(fixture('eu.xml')))).toMatchObject({
      message: expect.stringMatching(/not a UN/),
    });
    expect(
      await refusal(
        'eu',
        (async function* () {
          yield new Uint8Array([0x3c, 0x61, 0xff, 0xfe, 0x3e]);
        })(),
      ),
    ).toBeInstanceOf(WatchlistFormatError);
  });

  it('refuses an OFAC XML file whose record count is not the number of entries', async () => {
    const text = (await readFile(fixture('sdn.xml'), 'utf8')).replace('<Record_Count>4<', '<Record_Count>5<');
    expect(await refusal('ofac_sdn', [text][Symbol.iterator]() as never)).toMatchObject({
      message: 'the file declares 5 entries and holds 4',
    });
  });
});
