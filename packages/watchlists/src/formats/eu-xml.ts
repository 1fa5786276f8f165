import { countryCodes } from '../countries.js';
import { listDate } from '../dates.js';
import { WatchlistFormatError, type EntityType, type WatchlistEntry } from '../model.js';
import type { ParsedList, WatchlistInput } from './parsed-list.js';
import { descendants, xmlRecords, type XmlDocument, type XmlElement } from './xml.js';

const ENTITY_TYPES: Record<string, EntityType> = { person: 'person', enterprise: 'organisation' };

function birthDateOf(birthdate: XmlElement): string | null {
  const { birthdate: date, year, monthOfYear, dayOfMonth } = birthdate.attributes;
  if (date) return listDate(date);
  if (!year) return null;
  return listDate(monthOfYear ? `${year}-${monthOfYear}-${dayOfMonth || '0'}` : year);
}

/**
 * The EU's consolidated financial sanctions file (FSF XML 1.1, root `export` with `generationDate`): one
 * `sanctionEntity` per entry, its `subjectType`, `nameAlias`es (`wholeName`), `birthdate`s and `citizenship`s.
 */
export function parseEuXml(input: WatchlistInput): ParsedList {
  const document: XmlDocument = { root: null };
  const isEuFile = () => document.root?.name === 'export';
  async function* entries(): AsyncGenerator<WatchlistEntry> {
    for await (const record of xmlRecords(input, new Set(['sanctionEntity']), document)) {
      if (!isEuFile()) break;
      const listId = record.attributes['euReferenceNumber'] || record.attributes['logicalId'];
      const names = descendants(record, 'nameAlias')
        .map(
          (alias) =>
            alias.attributes['wholeName'] ||
            [alias.attributes['firstName'], alias.attributes['middleName'], alias.attributes['lastName']]
              .filter(Boolean)
              .join(' '),
        )
        .filter(Boolean);
      if (!listId || names.length === 0) throw new WatchlistFormatError('a sanctionEntity without id or name');
      const subject = descendants(record, 'subjectType')[0]?.attributes['code'] ?? '';
      yield {
        listId,
        entityType: ENTITY_TYPES[subject] ?? 'unknown',
        names,
        birthDates: descendants(record, 'birthdate')
          .map(birthDateOf)
          .filter((date): date is string => date !== null),
        nationalities: countryCodes(
          descendants(record, 'citizenship').map(
            (citizenship) => citizenship.attributes['countryIso2Code'] || citizenship.attributes['countryDescription'],
          ),
        ),
        programs: descendants(record, 'regulation')
          .map((regulation) => regulation.attributes['programme'] ?? '')
          .filter(Boolean),
      };
    }
    if (!isEuFile()) throw new WatchlistFormatError('not an EU financial sanctions file (export)');
  }
  return {
    entries: entries(),
    facts: () => ({ publishedAt: document.root?.attributes['generationDate'] ?? null }),
  };
}
