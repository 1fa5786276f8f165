import { countryCodes } from '../countries.js';
import { listDate, yearRange } from '../dates.js';
import { WatchlistFormatError, type WatchlistEntry } from '../model.js';
import type { ParsedList, WatchlistInput } from './parsed-list.js';
import { childText, descendants, xmlRecords, type XmlDocument, type XmlElement } from './xml.js';

const NAME_PARTS = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'];

function birthDatesOf(record: XmlElement): string[] {
  return descendants(record, 'INDIVIDUAL_DATE_OF_BIRTH').flatMap((item) => {
    const date = listDate(childText(item, 'DATE')) ?? listDate(childText(item, 'YEAR'));
    if (date) return [date];
    return yearRange(childText(item, 'FROM_YEAR'), childText(item, 'TO_YEAR'));
  });
}

/**
 * The UN Security Council Consolidated List in XML (root `CONSOLIDATED_LIST`, `dateGenerated`): `INDIVIDUAL`s with
 * their name parts, `INDIVIDUAL_ALIAS`, `INDIVIDUAL_DATE_OF_BIRTH` and `NATIONALITY`, and `ENTITY`s. The reference
 * number (`QDi.001`) identifies an entry.
 */
export function parseUnXml(input: WatchlistInput): ParsedList {
  const document: XmlDocument = { root: null };
  const isUnList = () => document.root?.name === 'CONSOLIDATED_LIST';
  async function* entries(): AsyncGenerator<WatchlistEntry> {
    for await (const record of xmlRecords(input, new Set(['INDIVIDUAL', 'ENTITY']), document)) {
      if (!isUnList()) break;
      const person = record.name === 'INDIVIDUAL';
      const primary = NAME_PARTS.map((part) => childText(record, part))
        .filter(Boolean)
        .join(' ');
      const listId = childText(record, 'REFERENCE_NUMBER') ?? childText(record, 'DATAID');
      if (!listId || !primary) throw new WatchlistFormatError(`an ${record.name} without reference number or name`);
      const aliases = descendants(record, person ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS')
        .map((alias) => childText(alias, 'ALIAS_NAME'))
        .filter((name): name is string => name !== null);
      const original = childText(record, 'NAME_ORIGINAL_SCRIPT');
      yield {
        listId,
        entityType: person ? 'person' : 'organisation',
        names: [primary, ...aliases, ...(original ? [original] : [])],
        birthDates: person ? birthDatesOf(record) : [],
        nationalities: countryCodes(
          descendants(record, 'NATIONALITY').flatMap((item) => descendants(item, 'VALUE').map((value) => value.text)),
        ),
        programs: [childText(record, 'UN_LIST_TYPE')].filter((program): program is string => program !== null),
      };
    }
    if (!isUnList()) throw new WatchlistFormatError('not a UN consolidated list (CONSOLIDATED_LIST)');
  }
  return {
    entries: entries(),
    facts: () => ({ publishedAt: document.root?.attributes['dateGenerated'] ?? null }),
  };
}
