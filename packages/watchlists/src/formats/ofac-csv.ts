import { countryCodes } from '../countries.js';
import { listDate, yearRange } from '../dates.js';
import { WatchlistFormatError, type EntityType, type WatchlistEntry } from '../model.js';
import { csvRows } from './csv.js';
import type { ParsedList, WatchlistInput } from './parsed-list.js';

/** OFAC's null. */
const NULL = '-0-';

const value = (field: string | undefined) => {
  const text = (field ?? '').trim();
  return text === NULL || text === '' ? null : text;
};

const ENTITY_TYPES: Record<string, EntityType> = { individual: 'person', vessel: 'vessel', aircraft: 'aircraft' };

/** What the remarks say: `DOB 07 Oct 1952; POB …; nationality Russia; citizen Russia; …`. */
function remarksFacts(remarks: string | null): { birthDates: string[]; nationalities: string[] } {
  const birthDates: string[] = [];
  const countries: string[] = [];
  for (const part of (remarks ?? '').split(';')) {
    const text = part.trim().replace(/\.$/, '');
    const dob = /^DOB (.+)$/i.exec(text);
    if (dob) {
      const range = /^(?:circa )?(\d{4}) to (\d{4})$/i.exec(dob[1]!.trim());
      const dates = range ? yearRange(range[1], range[2]) : [listDate(dob[1])].filter((d): d is string => d !== null);
      birthDates.push(...dates);
    }
    const country = /^(?:nationality|citizen) (.+)$/i.exec(text);
    if (country) countries.push(country[1]!);
  }
  return { birthDates, nationalities: countryCodes(countries) };
}

/**
 * OFAC's SDN list in its legacy CSV form: `sdn.csv` (ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign,
 * Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks; `-0-` for nothing) with the aliases of `alt.csv`
 * (ent_num, alt_num, alt_type, alt_name, alt_remarks). Dates of birth and nationalities are in the remarks.
 * `add.csv` holds addresses, which screening does not compare. The files carry no publication date.
 */
export function parseOfacCsv({ sdn, alt }: { sdn: WatchlistInput; alt: WatchlistInput }): ParsedList {
  async function* entries(): AsyncGenerator<WatchlistEntry> {
    const aliases = new Map<string, string[]>();
    for await (const row of csvRows(alt, { columns: 5 })) {
      const [entNum, , , name] = row.map(value);
      if (!entNum || !name) continue;
      const names = aliases.get(entNum) ?? [];
      names.push(name);
      aliases.set(entNum, names);
    }
    let count = 0;
    for await (const row of csvRows(sdn, { columns: 12 })) {
      const [entNum, name, type, program] = row.map(value);
      if (!entNum || !name) throw new WatchlistFormatError(`sdn.csv row ${count + 1} has no ent_num or name`);
      count++;
      const entityType = ENTITY_TYPES[(type ?? '').toLowerCase()] ?? 'organisation';
      const facts = remarksFacts(value(row[11]));
      yield {
        listId: entNum,
        entityType,
        names: [name, ...(aliases.get(entNum) ?? [])],
        birthDates: entityType === 'person' ? facts.birthDates : [],
        nationalities: facts.nationalities,
        programs: (program ?? '')
          .split(/\]\s*\[/)
          .map((each) => each.replace(/[[\]]/g, '').trim())
          .filter(Boolean),
      };
    }
    if (count === 0) throw new WatchlistFormatError('sdn.csv holds no entry');
  }
  return { entries: entries(), facts: () => ({ publishedAt: null }) };
}
