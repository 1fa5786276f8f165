import { countryCodes } from '../countries.js';
import { listDate } from '../dates.js';
import { WatchlistFormatError, type EntityType, type WatchlistEntry } from '../model.js';
import type { ParsedList, WatchlistInput } from './parsed-list.js';

const ENTITY_TYPES: Record<string, EntityType> = {
  Person: 'person',
  Organization: 'organisation',
  Company: 'organisation',
  LegalEntity: 'organisation',
  PublicBody: 'organisation',
  Vessel: 'vessel',
  Airplane: 'aircraft',
};

/** Schemata that are not parties (addresses, sanctions, relationships): skipped. */
const PARTY_SCHEMATA = new Set(Object.keys(ENTITY_TYPES));

type FtmEntity = {
  id?: unknown;
  schema?: unknown;
  properties?: Record<string, unknown>;
  datasets?: unknown;
  last_change?: unknown;
};

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];

async function* lines(input: WatchlistInput): AsyncGenerator<{ text: string; number: number; last: boolean }> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending = '';
  let number = 0;
  try {
    for await (const chunk of input) {
      pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = pending.indexOf('\n')) >= 0) {
        number++;
        yield { text: pending.slice(0, end), number, last: false };
        pending = pending.slice(end + 1);
      }
    }
    pending += decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) throw new WatchlistFormatError('the file is not UTF-8 text');
    throw error;
  }
  if (pending.trim() !== '') yield { text: pending, number: number + 1, last: true };
}

/**
 * OpenSanctions' FollowTheMoney entities as JSON lines (`entities.ftm.json`): one entity a line, `schema`
 * `Person`, `Organization`, `Company`, `LegalEntity`, `Vessel`, `Airplane` read (others skipped), with the
 * `name`, `alias`, `previousName`, `weakAlias`, `birthDate`, `nationality` and `citizenship` properties. A line
 * that is not a JSON entity (a download cut in the middle of a line) refuses the file; the latest `last_change` is
 * the version's date.
 */
export function parseFtmJsonLines(input: WatchlistInput): ParsedList {
  let publishedAt: string | null = null;
  async function* entries(): AsyncGenerator<WatchlistEntry> {
    let count = 0;
    for await (const line of lines(input)) {
      if (line.text.trim() === '') continue;
      let entity: FtmEntity;
      try {
        entity = JSON.parse(line.text) as FtmEntity;
      } catch {
        throw new WatchlistFormatError(`line ${line.number} is not JSON${line.last ? ' (the file is cut short)' : ''}`);
      }
      if (
        typeof entity !== 'object' ||
        entity === null ||
        typeof entity.id !== 'string' ||
        typeof entity.schema !== 'string'
      )
        throw new WatchlistFormatError(`line ${line.number} is not a FollowTheMoney entity (id, schema)`);
      if (typeof entity.last_change === 'string' && (publishedAt === null || entity.last_change > publishedAt))
        publishedAt = entity.last_change;
      if (!PARTY_SCHEMATA.has(entity.schema)) continue;
      const properties = entity.properties ?? {};
      const names = [
        ...strings(properties['name']),
        ...strings(properties['alias']),
        ...strings(properties['previousName']),
        ...strings(properties['weakAlias']),
      ];
      if (names.length === 0) continue;
      count++;
      const person = entity.schema === 'Person';
      yield {
        listId: entity.id,
        entityType: ENTITY_TYPES[entity.schema]!,
        names: [...new Set(names)],
        birthDates: person
          ? strings(properties['birthDate'])
              .map(listDate)
              .filter((date): date is string => date !== null)
          : [],
        nationalities: countryCodes([...strings(properties['nationality']), ...strings(properties['citizenship'])]),
        programs: [...strings(properties['topics']), ...strings(entity.datasets)],
      };
    }
    if (count === 0) throw new WatchlistFormatError('the file holds no named party');
  }
  return { entries: entries(), facts: () => ({ publishedAt }) };
}
