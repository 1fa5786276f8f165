const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

const simplify = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/[^a-z]+/g, ' ')
    .trim();

/** Names the lists use that differ from Unicode's English country names. */
const OTHER_NAMES: Record<string, string> = {
  'russian federation': 'RU',
  russian: 'RU',
  'iran islamic republic of': 'IR',
  iranian: 'IR',
  'syrian arab republic': 'SY',
  syrian: 'SY',
  'korea north': 'KP',
  'north korea': 'KP',
  'democratic people s republic of korea': 'KP',
  'korea democratic people s republic of': 'KP',
  'korea south': 'KR',
  'republic of korea': 'KR',
  'venezuela bolivarian republic of': 'VE',
  venezuelan: 'VE',
  'united kingdom of great britain and northern ireland': 'GB',
  'united states of america': 'US',
  usa: 'US',
  'bolivia plurinational state of': 'BO',
  'lao people s democratic republic': 'LA',
  'viet nam': 'VN',
  'republic of moldova': 'MD',
  burma: 'MM',
  'the gambia': 'GM',
  'cote d ivoire': 'CI',
  'democratic republic of the congo': 'CD',
  'congo democratic republic of the': 'CD',
  'united republic of tanzania': 'TZ',
  palestinian: 'PS',
  'state of palestine': 'PS',
  'west bank': 'PS',
  'gaza strip': 'PS',
  iraqi: 'IQ',
  afghan: 'AF',
  belarusian: 'BY',
  ukrainian: 'UA',
  chinese: 'CN',
  turkiye: 'TR',
};

const BY_NAME: ReadonlyMap<string, string> = (() => {
  const byName = new Map<string, string>(Object.entries(OTHER_NAMES));
  for (let first = 65; first <= 90; first++)
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      // Deprecated codes (SU, BU…) canonicalise to their successors, whose names they share.
      if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      const name = REGIONS.of(code);
      if (name && name !== code && !/unknown/i.test(name) && !byName.has(simplify(name)))
        byName.set(simplify(name), code);
    }
  return byName;
})();

/** A country as the lists write it (a name, a code, a demonym they use) as its ISO 3166-1 alpha-2 code when known. */
export function countryCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  return BY_NAME.get(simplify(text)) ?? text;
}

/** The distinct country codes of some values. */
export function countryCodes(values: readonly (string | null | undefined)[]): string[] {
  return [...new Set(values.map(countryCode).filter((code): code is string => code !== null))];
}
