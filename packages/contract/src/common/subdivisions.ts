import { enumKey, prepared, spellingsPattern, TEXT_SPELLINGS_KEY, withJsonSchemaMarker } from './lenient.js';
import { countryCode, provinceStateCode } from './primitives.js';

/** Names of the provinces, territories and states of the countries svc screens in, by their ISO 3166-2 code. */
const SUBDIVISION_NAMES: Record<string, readonly string[]> = {
  // Canada
  AB: ['Alberta'],
  BC: ['British Columbia', 'Colombie-Britannique'],
  MB: ['Manitoba'],
  NB: ['New Brunswick', 'Nouveau-Brunswick'],
  NL: ['Newfoundland and Labrador', 'Newfoundland', 'Terre-Neuve-et-Labrador'],
  NS: ['Nova Scotia', 'Nouvelle-Écosse'],
  NT: ['Northwest Territories', 'Territoires du Nord-Ouest'],
  NU: ['Nunavut'],
  ON: ['Ontario'],
  PE: ['Prince Edward Island', 'PEI', 'Île-du-Prince-Édouard'],
  QC: ['Quebec', 'Québec', 'PQ'],
  SK: ['Saskatchewan'],
  YT: ['Yukon', 'Yukon Territory'],
  // United States
  AL: ['Alabama'],
  AK: ['Alaska'],
  AZ: ['Arizona'],
  AR: ['Arkansas'],
  CA: ['California'],
  CO: ['Colorado'],
  CT: ['Connecticut'],
  DE: ['Delaware'],
  DC: ['District of Columbia', 'Washington DC', 'Washington D.C.'],
  FL: ['Florida'],
  GA: ['Georgia'],
  HI: ['Hawaii'],
  ID: ['Idaho'],
  IL: ['Illinois'],
  IN: ['Indiana'],
  IA: ['Iowa'],
  KS: ['Kansas'],
  KY: ['Kentucky'],
  LA: ['Louisiana'],
  ME: ['Maine'],
  MD: ['Maryland'],
  MA: ['Massachusetts'],
  MI: ['Michigan'],
  MN: ['Minnesota'],
  MS: ['Mississippi'],
  MO: ['Missouri'],
  MT: ['Montana'],
  NE: ['Nebraska'],
  NV: ['Nevada'],
  NH: ['New Hampshire'],
  NJ: ['New Jersey'],
  NM: ['New Mexico'],
  NY: ['New York'],
  NC: ['North Carolina'],
  ND: ['North Dakota'],
  OH: ['Ohio'],
  OK: ['Oklahoma'],
  OR: ['Oregon'],
  PA: ['Pennsylvania'],
  PR: ['Puerto Rico'],
  RI: ['Rhode Island'],
  SC: ['South Carolina'],
  SD: ['South Dakota'],
  TN: ['Tennessee'],
  TX: ['Texas'],
  UT: ['Utah'],
  VT: ['Vermont'],
  VA: ['Virginia'],
  WA: ['Washington'],
  WV: ['West Virginia'],
  WI: ['Wisconsin'],
  WY: ['Wyoming'],
  // Australia
  ACT: ['Australian Capital Territory'],
  NSW: ['New South Wales'],
  QLD: ['Queensland'],
  SA: ['South Australia'],
  TAS: ['Tasmania'],
  VIC: ['Victoria'],
  // (WA and NT: Western Australia and the Northern Territory share their codes with Washington and the Northwest
  // Territories; their names below.)
  OT: ['Other'],
};
const AUSTRALIAN_NAMES_OF_SHARED_CODES: Record<string, string> = {
  'Western Australia': 'WA',
  'Northern Territory': 'NT',
};

const CODE_BY_NAME = new Map<string, string>([
  ...Object.entries(SUBDIVISION_NAMES).flatMap(([code, names]) =>
    names.map((name) => [enumKey(name), code] as [string, string]),
  ),
  ...Object.entries(AUSTRALIAN_NAMES_OF_SHARED_CODES).map(([name, code]) => [enumKey(name), code] as [string, string]),
]);

/** A province or state given by its code in any case or by its name (`"Ontario"`, `"on"`, `"Québec"`): its code. */
export function provinceStateCodeOf(input: string): string {
  const trimmed = input.trim();
  const byName = CODE_BY_NAME.get(enumKey(trimmed));
  if (byName) return byName;
  return /^[A-Za-z0-9]{1,3}$/.test(trimmed) ? trimmed.toUpperCase() : trimmed;
}

/** The request form of a province or state: its code, or its name, in any case. */
export const provinceStateInput = () =>
  prepared(
    (input) => (typeof input === 'string' ? provinceStateCodeOf(input) : input),
    withJsonSchemaMarker(provinceStateCode(), {
      [TEXT_SPELLINGS_KEY]: `^\\s*[A-Za-z0-9]{1,3}\\s*$|${spellingsPattern(CODE_BY_NAME.keys())}`,
    }),
  );

/** Names clients write for countries beside those of the Unicode data (`Intl.DisplayNames`), by their ISO code. */
const COUNTRY_ALIASES: Record<string, readonly string[]> = {
  US: ['USA', 'United States of America', 'America', 'Etats-Unis d Amerique'],
  GB: ['UK', 'Great Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland', 'Britain'],
  AE: ['UAE'],
};

/**
 * ISO codes by country name, in English and French (`"Canada"`, `"Allemagne"`), as `enumKey` spells them: the names
 * of this runtime's Unicode data, which the catalogue's JSON Schemas, made by the same process, spell out too.
 */
let countryCodeByName: Map<string, string> | undefined;
function countryCodesByName(): Map<string, string> {
  if (!countryCodeByName) {
    countryCodeByName = new Map();
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const language of ['en', 'fr']) {
      const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
      for (const first of letters)
        for (const second of letters) {
          const code = `${first}${second}`;
          const shown = names.of(code);
          if (shown && shown !== code) countryCodeByName.set(enumKey(shown), code);
        }
    }
    for (const [code, aliases] of Object.entries(COUNTRY_ALIASES))
      for (const alias of aliases) countryCodeByName.set(enumKey(alias), code);
  }
  return countryCodeByName;
}

/** The request form of a country: its two-letter ISO code in any case, or its name in English or French (`"Canada"`). */
export const countryCodeInput = () =>
  prepared(
    (input) => {
      if (typeof input !== 'string') return input;
      if (/^\s*[A-Za-z]{2}\s*$/.test(input)) return input.trim().toUpperCase();
      return countryCodesByName().get(enumKey(input)) ?? input;
    },
    withJsonSchemaMarker(countryCode(), {
      [TEXT_SPELLINGS_KEY]: `^\\s*[A-Za-z]{2}\\s*$|${spellingsPattern(countryCodesByName().keys())}`,
    }),
  );
