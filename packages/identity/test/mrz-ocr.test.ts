import { describe, expect, it } from 'vitest';
import { withDigitHeights, type OcrSymbol } from '../src/mrz-ocr.js';

/**
 * A line of characters 20 pixels apart as OCR-B prints them: digits 27 pixels tall, capitals 25, fillers 20, all on
 * a baseline that falls `slope` pixels a pixel across (a slightly turned zone). `tall`: the positions drawn as digits
 * whatever the text the OCR gave them.
 */
function line(text: string, tall: readonly number[], slope = 0): OcrSymbol[] {
  return [...text].map((character, at) => {
    const left = at * 20;
    const bottom = 100 + slope * (left + 8);
    const height = character === '<' ? 20 : tall.includes(at) || /[0-9]/.test(character) ? 27 : 25;
    return { text: character, left, right: left + 16, top: bottom - height, bottom, confidence: 90 };
  });
}
const texts = (lines: OcrSymbol[][]) => lines.map((symbols) => symbols.map((symbol) => symbol.text).join(''));

describe("OCR-B's digits told from capitals by their height", () => {
  it('reads a look-alike letter with a digit’s height as that digit, and a digit with a capital’s as that letter', () => {
    // The truth: X0T8G5W (the OCR read the 0 as O and the 8 as B) on a line with plain digits and capitals.
    const read = line('XOTBG5W<<<3479FRA', [1, 3]);
    // 5 drawn short: an S the OCR took for a 5.
    const shortFive = read.map((symbol, at) => (at === 5 ? { ...symbol, top: symbol.top + 2 } : symbol));
    expect(texts(withDigitHeights([shortFive]))).toEqual(['X0T8GSW<<<3479FRA']);
  });

  it('follows a turned baseline, and takes one kind’s height from the other’s when a line shows none of it', () => {
    const turned = line('IDFRAO1Z<<<<', [5, 6, 7], 0.05);
    expect(texts(withDigitHeights([turned]))).toEqual(['IDFRA012<<<<']);
  });

  it('changes nothing when the two kinds cannot be told apart (a zone too blurred to show the difference)', () => {
    const flat = line('XOTBG5W<<<3479FRA', []).map((symbol) =>
      symbol.text === '<' ? symbol : { ...symbol, top: symbol.bottom - 26 },
    );
    expect(texts(withDigitHeights([flat]))).toEqual(['XOTBG5W<<<3479FRA']);
  });
});
