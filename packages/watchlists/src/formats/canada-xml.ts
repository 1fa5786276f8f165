import { listDate } from '../dates.js';
import { WatchlistFormatError, type WatchlistEntry } from '../model.js';
import type { ParsedList, WatchlistInput } from './parsed-list.js';
import { childText, xmlRecords, type XmlDocument } from './xml.js';

/**
 * Canada's Consolidated Special Economic Measures Act list in XML (root `data-set`, one `record` per entry):
 * `Country` (the regime), `Item`, `LastName`, `GivenName` or `EntityOrShip`, `Aliases` (comma-separated) and
 * `DateOfBirthOrShipBuildDate`. An entry is identified by its regime and item number; the file carries no
 * publication date and no nationality (the regime's country is not the person's).
 */
export function parseCanadaXml(input: WatchlistInput): ParsedList {
  const document: XmlDocument = { root: null };
  const isSemaFile = () => document.root?.name === 'data-set';
  async function* entries(): AsyncGenerator<WatchlistEntry> {
    for await (const record of xmlRecords(input, new Set(['record']), document)) {
      if (!isSemaFile()) break;
      const regime = childText(record, 'Country');
      const item = childText(record, 'Item');
      const person = [childText(record, 'GivenName'), childText(record, 'LastName')].filter(Boolean).join(' ');
      const entity = childText(record, 'EntityOrShip');
      const primary = person || entity;
      if (!regime || !item || !primary) throw new WatchlistFormatError('a record without Country, Item or name');
      const ship = Boolean(childText(record, 'ShipIMONumber'));
      const birth = listDate(childText(record, 'DateOfBirthOrShipBuildDate'));
      yield {
        listId: `${regime} ${item}`,
        entityType: person ? 'person' : ship ? 'vessel' : 'organisation',
        names: [
          primary,
          ...(childText(record, 'Aliases') ?? '')
            .split(/[,;]/)
            .map((alias) => alias.trim())
            .filter(Boolean),
        ],
        birthDates: person && birth ? [birth] : [],
        nationalities: [],
        programs: [`${regime} (${childText(record, 'Schedule') ?? 'schedule'})`],
      };
    }
    if (!isSemaFile()) throw new WatchlistFormatError('not a Canadian SEMA list (data-set)');
  }
  return { entries: entries(), facts: () => ({ publishedAt: null }) };
}
