import { countryCodes } from '../countries.js';
import { listDate } from '../dates.js';
import { WatchlistFormatError, type EntityType, type WatchlistEntry } from '../model.js';
import type { ParsedList, WatchlistInput } from './parsed-list.js';
import { child, childText, descendants, xmlRecords, type XmlDocument, type XmlElement } from './xml.js';

const ENTITY_TYPES: Record<string, EntityType> = {
  individual: 'person',
  entity: 'organisation',
  vessel: 'vessel',
  aircraft: 'aircraft',
};

const fullName = (element: XmlElement) =>
  [childText(element, 'firstName'), childText(element, 'lastName')].filter(Boolean).join(' ');

/** Reads the months-first dates of the publication (`03/01/2024`). */
function publishDate(value: string | null): string | null {
  const match = value ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim()) : null;
  return match ? `${match[3]}-${match[1]}-${match[2]}` : null;
}

/**
 * OFAC's SDN list in its XML form (`sdn.xml`, root `sdnList`): one `sdnEntry` per entry with its names, `akaList`,
 * `dateOfBirthList`, `nationalityList` and `citizenshipList`. The file's `Record_Count` must equal the entries read.
 */
export function parseOfacXml(input: WatchlistInput): ParsedList {
  const document: XmlDocument = { root: null };
  let publishedAt: string | null = null;
  let declared: number | null = null;
  async function* entries(): AsyncGenerator<WatchlistEntry> {
    let count = 0;
    for await (const record of xmlRecords(input, new Set(['publshInformation', 'sdnEntry']), document)) {
      if (document.root?.name !== 'sdnList') throw new WatchlistFormatError('not an OFAC SDN XML file (sdnList)');
      if (record.name === 'publshInformation') {
        publishedAt = publishDate(childText(record, 'Publish_Date'));
        const recordCount = childText(record, 'Record_Count');
        declared = recordCount === null ? null : Number(recordCount);
        continue;
      }
      const uid = childText(record, 'uid');
      const primary = fullName(record);
      if (!uid || !primary) throw new WatchlistFormatError(`an sdnEntry without uid or name (after ${count} entries)`);
      count++;
      yield {
        listId: uid,
        entityType: ENTITY_TYPES[(childText(record, 'sdnType') ?? '').toLowerCase()] ?? 'unknown',
        names: [primary, ...descendants(record, 'aka').map(fullName).filter(Boolean)],
        birthDates: descendants(record, 'dateOfBirthItem')
          .map((item) => listDate(childText(item, 'dateOfBirth')))
          .filter((date): date is string => date !== null),
        nationalities: countryCodes(
          [...descendants(record, 'nationality'), ...descendants(record, 'citizenship')].map((item) =>
            childText(item, 'country'),
          ),
        ),
        programs: (child(record, 'programList')?.children ?? []).map((program) => program.text.trim()).filter(Boolean),
      };
    }
    if (document.root?.name !== 'sdnList') throw new WatchlistFormatError('not an OFAC SDN XML file (sdnList)');
    if (declared !== null && declared !== count)
      throw new WatchlistFormatError(`the file declares ${declared} entries and holds ${count}`);
  }
  return { entries: entries(), facts: () => ({ publishedAt }) };
}
