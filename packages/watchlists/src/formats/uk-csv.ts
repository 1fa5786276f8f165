import { countryCodes } from '../countries.js';
import { listDate } from '../dates.js';
import { WatchlistFormatError, type EntityType, type WatchlistEntry } from '../model.js';
import { csvRows } from './csv.js';
import type { ParsedList, WatchlistInput } from './parsed-list.js';

const ENTITY_TYPES: Record<string, EntityType> = { individual: 'person', entity: 'organisation', ship: 'vessel' };
const REQUIRED = ['Name 6', 'Name 1', 'DOB', 'Nationality', 'Group Type', 'Alias Type', 'Regime', 'Group ID'];

type Group = {
  entityType: EntityType;
  names: string[];
  births: Set<string>;
  countries: string[];
  regimes: Set<string>;
};

/** `(1) Russia (2) Ukraine` or `Russia`. */
const listed = (text: string) =>
  text
    .split(/\(\d+\)/)
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * The UK's Consolidated List of Financial Sanctions Targets in OFSI's CSV form (`ConList.csv`): a first row `Last
 * Updated,dd/mm/yyyy`, then a header; one row per name of a target (`Alias Type` primary name or alias), rows of a
 * target sharing its `Group ID`. `Name 6` is the surname, `Name 1`…`Name 5` the other names; dates of birth are
 * `dd/mm/yyyy` with `00` for unknown parts.
 */
export function parseUkCsv(input: WatchlistInput): ParsedList {
  let publishedAt: string | null = null;
  async function* entries(): AsyncGenerator<WatchlistEntry> {
    const groups = new Map<string, Group>();
    let header: string[] | null = null;
    let first = true;
    for await (const row of csvRows(input, { columns: null })) {
      if (first) {
        first = false;
        if (!/^last updated$/i.test(row[0]?.trim() ?? ''))
          throw new WatchlistFormatError('not an OFSI consolidated list CSV (no "Last Updated" row)');
        publishedAt = listDate(row[1]);
        continue;
      }
      if (!header) {
        header = row.map((name) => name.trim());
        const missing = REQUIRED.filter((name) => !header!.includes(name));
        if (missing.length > 0) throw new WatchlistFormatError(`the header lacks ${missing.join(', ')}`);
        continue;
      }
      if (row.length !== header.length)
        throw new WatchlistFormatError(`a row has ${row.length} fields instead of ${header.length}`);
      const field = (name: string) => (row[header!.indexOf(name)] ?? '').trim();
      const groupId = field('Group ID');
      const surname = field('Name 6');
      const given = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5'].map(field).filter(Boolean).join(' ');
      const name = [given, surname].filter(Boolean).join(' ');
      if (!groupId || !name) throw new WatchlistFormatError('a row without Group ID or name');
      const group = groups.get(groupId) ?? {
        entityType: ENTITY_TYPES[field('Group Type').toLowerCase()] ?? 'unknown',
        names: [],
        births: new Set<string>(),
        countries: [],
        regimes: new Set<string>(),
      };
      if (/^primary name$/i.test(field('Alias Type'))) group.names.unshift(name);
      else group.names.push(name);
      for (const dob of listed(field('DOB'))) {
        const date = listDate(dob);
        if (date) group.births.add(date);
      }
      group.countries.push(...listed(field('Nationality')));
      if (field('Regime')) group.regimes.add(field('Regime'));
      groups.set(groupId, group);
    }
    if (!header) throw new WatchlistFormatError('the file has no header');
    if (groups.size === 0) throw new WatchlistFormatError('the file holds no target');
    for (const [groupId, group] of groups)
      yield {
        listId: groupId,
        entityType: group.entityType,
        names: [...new Set(group.names)],
        birthDates: group.entityType === 'person' ? [...group.births] : [],
        nationalities: countryCodes(group.countries),
        programs: [...group.regimes],
      };
  }
  return { entries: entries(), facts: () => ({ publishedAt }) };
}
