import anyAscii from 'any-ascii';

/** Honorifics and words that are not part of a name. */
const IGNORED = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'sir', 'prof', 'hon', 'jr', 'sr']);

/**
 * Particles of Arabic, Romance, Germanic and Slavic names (`al`, `bin`, `de`, `van`…): compared, but they weigh
 * little, and never alone make a name match.
 */
export const PARTICLES: ReadonlySet<string> = new Set([
  'al',
  'el',
  'ul',
  'bin',
  'ben',
  'ibn',
  'bint',
  'bn',
  'abu',
  'abd',
  'de',
  'da',
  'do',
  'dos',
  'das',
  'del',
  'della',
  'di',
  'du',
  'la',
  'le',
  'van',
  'von',
  'der',
  'den',
  'ter',
  'y',
  'e',
  'mac',
  'st',
]);

/**
 * The words of a name, compared form: Unicode compatibility forms folded, every script transliterated to Latin
 * letters (Cyrillic, Greek, Arabic, …; diacritics dropped), lower case, split at anything that is not a letter or
 * digit. Order is kept; commas change nothing (`PUTIN, Vladimir` and `Vladimir PUTIN` have the same words).
 */
export function nameTokens(name: string): string[] {
  return anyAscii(name.normalize('NFKC'))
    .toLowerCase()
    .replace(/['`’ʼ]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((token) => token !== '' && !IGNORED.has(token));
}

/**
 * A phonetic key of a name word: its consonant skeleton after folding the spellings that transliterations and
 * spelling habits vary (`ph`/`f`, `ck`/`c`/`q`/`k`/`g`, `z`/`s`, `w`/`v`, `x`/`ks`, `sh`, `kh`, `dh`, `th`),
 * dropping vowels, `h`, `w` after a vowel and doubled letters. `Sean` and `Shawn` are `sn`; `Mohamed`, `Muhammad`
 * and `محمد` (`mhmd`) are `mmd`; `Qaddafi` and `Gadhafi` are `kdf`. A word starting with a vowel keeps one `a`.
 */
export function phoneticKey(token: string): string {
  const text = token
    .replace(/ph/g, 'f')
    .replace(/sch|sh|zh|ch|tch/g, 's')
    .replace(/kh|gh|ck|q|c(?=[aou]|$|[^eiy])|g/g, 'k')
    .replace(/c/g, 's')
    .replace(/x/g, 'ks')
    .replace(/z/g, 's')
    .replace(/dh|th/g, 'd')
    .replace(/(^|[^aeiouy])w/g, '$1v')
    .replace(/j/g, 'y');
  let key = /^[aeiouy]/.test(text) ? 'a' : '';
  let previous = '';
  for (const letter of text) {
    if ('aeiouyhw'.includes(letter)) {
      previous = '';
      continue;
    }
    if (letter !== previous) key += letter;
    previous = letter;
  }
  return key === '' ? token : key;
}
