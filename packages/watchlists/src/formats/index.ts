import { WatchlistFormatError, type WatchlistSource } from '../model.js';
import { parseCanadaXml } from './canada-xml.js';
import { parseEuXml } from './eu-xml.js';
import { parseFtmJsonLines } from './ftm-jsonl.js';
import { parseOfacCsv } from './ofac-csv.js';
import { parseOfacXml } from './ofac-xml.js';
import type { ParsedList, WatchlistInput } from './parsed-list.js';
import { parseUkCsv } from './uk-csv.js';
import { parseUnXml } from './un-xml.js';

export type { ParsedList, WatchlistInput } from './parsed-list.js';

/**
 * Reads a list in its source's format. `file` is the list's file; OFAC's CSV form also needs `aliases` (alt.csv).
 * Every entry is checked as it is read; the caller keeps nothing of a file that throws.
 */
export function parseWatchlist(
  source: WatchlistSource,
  { file, aliases }: { file: WatchlistInput; aliases?: WatchlistInput },
): ParsedList {
  switch (source) {
    case 'ofac_sdn':
      return parseOfacXml(file);
    case 'ofac_sdn_csv':
      if (!aliases) throw new WatchlistFormatError('the OFAC CSV form needs alt.csv beside sdn.csv');
      return parseOfacCsv({ sdn: file, alt: aliases });
    case 'un':
      return parseUnXml(file);
    case 'eu':
      return parseEuXml(file);
    case 'uk':
      return parseUkCsv(file);
    case 'ca':
      return parseCanadaXml(file);
    case 'opensanctions':
      return parseFtmJsonLines(file);
  }
}
