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
  const size = fold(token);
  let key = size > 0 && (isVowel(folded[0]!) || folded[0] === J) ? 'a' : '';
  let previous = 0;
  for (let index = 0; index < size; index++) {
    const letter = folded[index]!;
    if (isVowel(letter) || letter === J || letter === H || letter === W) {
      previous = 0;
      continue;
    }
    if (letter !== previous) key += String.fromCharCode(letter);
    previous = letter;
  }
  return key === '' ? token : key;
}

/**
 * Where a word's vowels are: its phonetic key with an `a` for each run of vowels (`h` and `w` within a run do not
 * break it), a final silent `e` left out. Spellings of one name vary the vowels (`Hussein`/`Husain`,
 * `Mohamed`/`Muhammad`: both `asan`, `mamad`) far more than where they are; two words with the same consonants but
 * vowels in other places (`dirzual`/`druzalya`: `darsal`/`drasala`) are other words.
 */
export function vowelShape(token: string): string {
  const silentE = token.length > 2 && token.endsWith('e') && !/[aeiouy]/.test(token[token.length - 2]!);
  const size = fold(silentE ? token.slice(0, -1) : token);
  let shape = '';
  let previous = 0;
  for (let index = 0; index < size; index++) {
    const letter = folded[index]!;
    if (letter === H || letter === W) continue;
    if (isVowel(letter) || letter === J) {
      if (previous !== A) shape += 'a';
      previous = A;
      continue;
    }
    if (letter !== previous) shape += String.fromCharCode(letter);
    previous = letter;
  }
  return shape;
}

/**
 * Folds the spellings that transliterations vary into `folded`; answers its length. One pass does what these
 * replacements in turn would do: ph → f; sch, sh, zh, ch, tch → s; kh, gh, ck, q, g and c (not before e, i, y) → k;
 * the other c → s; x → ks; z → s; dh, th → d; then w → v at the start or after a letter that is not a vowel. No
 * replacement makes or takes the letters another one reads (screening computes keys of every typo of a word:
 * `typoKeys`, so this is its cost).
 */
function fold(token: string): number {
  const length = token.length;
  if (folded.length < 2 * length) folded = new Uint16Array(2 * length);
  let size = 0;
  for (let index = 0; index < length;) {
    const letter = token.charCodeAt(index);
    const next = index + 1 < length ? token.charCodeAt(index + 1) : 0;
    const after = index + 2 < length ? token.charCodeAt(index + 2) : 0;
    if (letter === P && next === H) {
      folded[size++] = F;
      index += 2;
    } else if (letter === S && next === C && after === H) {
      folded[size++] = S;
      index += 3;
    } else if ((letter === S || letter === Z || letter === C) && next === H) {
      folded[size++] = S;
      index += 2;
    } else if (letter === T && next === C && after === H) {
      folded[size++] = S;
      index += 3;
    } else if ((letter === D || letter === T) && next === H) {
      folded[size++] = D;
      index += 2;
    } else if ((letter === K || letter === G || letter === C) && next === (letter === C ? K : H)) {
      folded[size++] = K;
      index += 2;
    } else if (letter === Q || letter === G || (letter === C && next !== E && next !== I && next !== Y)) {
      folded[size++] = K;
      index++;
    } else if (letter === X) {
      folded[size++] = K;
      folded[size++] = S;
      index++;
    } else {
      folded[size++] = letter === C || letter === Z ? S : letter;
      index++;
    }
  }
  // The letter before a `w` is taken with it, as a replacement of `(^|[^aeiouy])w` would; then j → y, which drops
  // as a vowel.
  for (let index = 0; index < size; index++) {
    if (index === 0 && folded[0] === W) folded[0] = V;
    else if (folded[index + 1] === W && index + 1 < size && !isVowel(folded[index]!)) folded[++index] = V;
  }
  return size;
}

let folded = new Uint16Array(64);
const A = 97; // a
const C = 99; // c
const D = 100; // d
const E = 101; // e
const F = 102; // f
const G = 103; // g
const H = 104; // h
const I = 105; // i
const J = 106; // j
const K = 107; // k
const P = 112; // p
const Q = 113; // q
const S = 115; // s
const T = 116; // t
const V = 118; // v
const W = 119; // w
const X = 120; // x
const Y = 121; // y
const Z = 122; // z
const VOWELS = new Set([...'aeiouy'].map((letter) => letter.charCodeAt(0)));
const isVowel = (letter: number) => VOWELS.has(letter);
