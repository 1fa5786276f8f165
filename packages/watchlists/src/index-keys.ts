// The keys a screening index files names under, and looks up for a word's typos; its growing arrays.
import { phoneticKey } from './normalise.js';

/** Letters a phonetic key is made of: the edits of a key that screening tries are made with them. */
const KEY_LETTERS = 'abdfklmnprstv0123456789';

/** A list of integers grown as it is filled, kept as a typed array once done. */
export class GrowingInts {
  values = new Int32Array(1024);
  length = 0;
  push(value: number) {
    if (this.length === this.values.length) {
      const larger = new Int32Array(this.values.length * 2);
      larger.set(this.values);
      this.values = larger;
    }
    this.values[this.length++] = value;
  }
  done(): Int32Array {
    return this.values.slice(0, this.length);
  }
}

export function bitCount(value: number): number {
  let count = 0;
  for (let rest = value; rest !== 0; rest &= rest - 1) count++;
  return count;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Keys one edit away from `key` (for typos that change the sound), for keys of three letters and more; a key of three
 * letters is not shortened (two-letter keys are too common to tell anything).
 */
export function nearKeys(key: string): string[] {
  if (key.length < 3) return [];
  const near: string[] = [];
  for (let index = 0; index < key.length; index++) {
    if (key.length > 3) near.push(key.slice(0, index) + key.slice(index + 1));
    for (const letter of KEY_LETTERS)
      if (letter !== key[index]) near.push(key.slice(0, index) + letter + key.slice(index + 1));
  }
  for (let index = 0; index <= key.length; index++)
    for (const letter of KEY_LETTERS) near.push(key.slice(0, index) + letter + key.slice(index));
  return near;
}

/**
 * The keys of a word with one letter deleted, inserted or replaced, for words of five letters and more: a typo can
 * change the key by more than one edit (`ramixez` is `rmkss`, `ramirez` `rmrs`; `vauimi` is `vm`, `vatimi` `vtm`).
 */
export function typoKeys(word: string): Set<string> {
  const keys = new Set<string>();
  if (word.length < 5) return keys;
  for (let index = 0; index <= word.length; index++) {
    const before = word.slice(0, index);
    if (index < word.length) keys.add(phoneticKey(before + word.slice(index + 1)));
    for (const letter of LETTERS) {
      keys.add(phoneticKey(before + letter + word.slice(index)));
      if (index < word.length && letter !== word[index]) keys.add(phoneticKey(before + letter + word.slice(index + 1)));
    }
  }
  return keys;
}
