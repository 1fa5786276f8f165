import type { GreyImage } from './images.js';

/**
 * The shapes of OCR-B characters the OCR's model (not trained on OCR-B) reads as their look-alikes, told apart by
 * where their ink lies in the box the OCR gives them.
 */

/** A character the OCR read and its box in the image (an `OcrSymbol` of mrz-ocr.ts). */
type ReadSymbol = {
  readonly text: string;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly read?: string;
};

/**
 * A symbol's box within the image and the grey level between its darkest and lightest pixels (what counts as ink);
 * null when the box is smaller than the shape checks need or holds too little contrast to tell ink from paper.
 */
function inkedBox(
  image: GreyImage,
  symbol: ReadSymbol,
  { minWidth, minHeight }: { minWidth: number; minHeight: number },
): { left: number; right: number; top: number; bottom: number; ink: number } | null {
  const left = Math.max(0, Math.floor(symbol.left));
  const right = Math.min(image.width, Math.ceil(symbol.right));
  const top = Math.max(0, Math.floor(symbol.top));
  const bottom = Math.min(image.height, Math.ceil(symbol.bottom));
  if (right - left < minWidth || bottom - top < minHeight) return null;
  let [darkest, lightest] = [255, 0];
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++) {
      const pixel = image.pixels[y * image.width + x]!;
      if (pixel < darkest) darkest = pixel;
      if (pixel > lightest) lightest = pixel;
    }
  if (lightest - darkest < 40) return null;
  const ink = (darkest + lightest) / 2;
  return { left, right, top, bottom, ink };
}

/**
 * The OCR reads the filler `<` as `K` or `X` (at the same confidence as real letters, so it cannot be told by that),
 * and a K or X at the end of a name passes for part of it. They differ in shape: a K has a vertical stem down its left
 * side, an X its arms' ends at the left top and bottom, a `<` only its point at mid-height. A `K` or `X` whose left
 * quarter holds ink on fewer than 70 % of its rows, none of them in its top or bottom fifth, is a `<`.
 */
function withFillerShape<S extends ReadSymbol>(image: GreyImage, symbol: S): S {
  if (symbol.text !== 'K' && symbol.text !== 'X') return symbol;
  const inked = inkedBox(image, symbol, { minWidth: 4, minHeight: 6 });
  if (!inked) return symbol;
  const { left, right, top, bottom, ink } = inked;
  const stemRight = left + Math.max(1, Math.round((right - left) * 0.25));
  const height = bottom - top;
  let [rowsWithInk, inkAtEnds] = [0, false];
  for (let y = top; y < bottom; y++)
    for (let x = left; x < stemRight; x++)
      if (image.pixels[y * image.width + x]! < ink) {
        rowsWithInk++;
        if (y - top < height * 0.2 || bottom - 1 - y < height * 0.2) inkAtEnds = true;
        break;
      }
  return rowsWithInk / height < 0.7 && !inkAtEnds ? { ...symbol, text: '<' } : symbol;
}

/**
 * The OCR reads OCR-B's 9 as O (or 0, D, Q) now and then, sure of it: a 9's bowl is an O's top, but below it the 9
 * has only its tail, which runs down from the right towards the middle. An O, 0, D or Q holds ink in its left
 * quarter on every row of its lower part; a symbol read as one of them whose left quarter holds ink on fewer than a
 * third of the rows from 65 % to 90 % of its height is a 9.
 */
export function withNineShape<S extends ReadSymbol>(image: GreyImage, symbol: S): S {
  if (!/^[O0DQ]$/.test(symbol.text)) return symbol;
  const inked = inkedBox(image, symbol, { minWidth: 6, minHeight: 10 });
  if (!inked) return symbol;
  const { left, right, top, bottom, ink } = inked;
  const quarter = left + Math.max(1, Math.round((right - left) * 0.25));
  const height = bottom - top;
  const [from, to] = [top + Math.round(height * 0.65), top + Math.round(height * 0.9)];
  let rowsWithInk = 0;
  for (let y = from; y < to; y++)
    for (let x = left; x < quarter; x++)
      if (image.pixels[y * image.width + x]! < ink) {
        rowsWithInk++;
        break;
      }
  return rowsWithInk * 3 < to - from ? { ...symbol, text: '9' } : symbol;
}

/**
 * The OCR reads OCR-B's J as I, sure of it, in every preparation (then only a guessed repair gives the J, and a
 * guessed document number is never taken). They differ in shape: an I has a bar across its top and its foot, a J
 * only its stem on the right, with a hook at its foot bending to the left. A symbol read as I whose top fifth holds
 * ink only in its right half, whose middle rows hold ink only in its right half, and whose bottom quarter holds ink in
 * its left third, is a J.
 */
export function withJShape<S extends ReadSymbol>(image: GreyImage, symbol: S): S {
  if (symbol.text !== 'I') return symbol;
  const inked = inkedBox(image, symbol, { minWidth: 6, minHeight: 10 });
  if (!inked) return symbol;
  const { left, right, top, bottom, ink } = inked;
  const [width, height] = [right - left, bottom - top];
  /** Whether rows `from`–`to` (shares of the height) hold ink between columns `start`–`end` (shares of the width). */
  const inkIn = (from: number, to: number, start: number, end: number) => {
    for (let y = top + Math.floor(height * from); y < top + Math.ceil(height * to); y++)
      for (let x = left + Math.floor(width * start); x < left + Math.ceil(width * end); x++)
        if (image.pixels[y * image.width + x]! < ink) return true;
    return false;
  };
  const isJ = !inkIn(0, 0.2, 0, 0.45) && !inkIn(0.3, 0.65, 0, 0.45) && inkIn(0.75, 1, 0, 0.34) && inkIn(0, 0.2, 0.5, 1);
  return isJ ? { ...symbol, text: 'J' } : symbol;
}

/**
 * The OCR reads OCR-B's 7 as T (or C) now and then, mostly at the start of a line where it has nothing on its left to
 * go by. A 7's stem runs from the right end of its bar down to the left of its middle; a T's stem stands in its middle
 * and a C holds ink on its left, not in its middle. A symbol read as T or C whose bottom fifth holds its ink left of
 * its middle (the centre of that ink in the left 42 % of its width) and whose middle rows (40 % to 60 % of its height)
 * hold their ink around its middle (their centre between 35 % and 65 % of its width) is a 7.
 */
export function withSevenShape<S extends ReadSymbol>(image: GreyImage, symbol: S): S {
  if (symbol.text !== 'T' && symbol.text !== 'C') return symbol;
  const inked = inkedBox(image, symbol, { minWidth: 6, minHeight: 10 });
  if (!inked) return symbol;
  const { left, right, top, bottom, ink } = inked;
  const [width, height] = [right - left, bottom - top];
  /** Where the ink of rows `from`–`to` (shares of the height) lies across, as a share of the width; null without ink. */
  const inkCentre = (from: number, to: number) => {
    let [sum, count] = [0, 0];
    for (let y = top + Math.floor(height * from); y < top + Math.ceil(height * to); y++)
      for (let x = left; x < right; x++)
        if (image.pixels[y * image.width + x]! < ink) {
          sum += (x - left + 0.5) / width;
          count++;
        }
    return count === 0 ? null : sum / count;
  };
  const [foot, middle] = [inkCentre(0.8, 1), inkCentre(0.4, 0.6)];
  const isSeven = foot !== null && middle !== null && foot < 0.42 && middle > 0.35 && middle < 0.65;
  return isSeven ? { ...symbol, text: '7' } : symbol;
}

/**
 * How much of the box's paper no way from outside the box reaches (4-connected, through a frame of paper one pixel
 * wide), with the ink (pixels darker than `ink`) first thickened by `thicken` pixels each way.
 */
function enclosedPaper(
  image: GreyImage,
  { left, right, top, bottom, ink }: { left: number; right: number; top: number; bottom: number; ink: number },
  thicken: 0 | 1,
): number {
  const [width, height] = [right - left + 2, bottom - top + 2];
  const paper = new Uint8Array(width * height).fill(1);
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++) {
      if (image.pixels[y * image.width + x]! >= ink) continue;
      for (let dy = -thicken; dy <= thicken; dy++)
        for (let dx = -thicken; dx <= thicken; dx++) {
          const [px, py] = [x - left + 1 + dx, y - top + 1 + dy];
          if (px > 0 && px < width - 1 && py > 0 && py < height - 1) paper[py * width + px] = 0;
        }
    }
  const reached = new Uint8Array(width * height);
  const stack = [0];
  reached[0] = 1;
  while (stack.length > 0) {
    const at = stack.pop()!;
    const x = at % width;
    for (const next of [x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1, at - width, at + width])
      if (next >= 0 && next < paper.length && paper[next] && !reached[next]) {
        reached[next] = 1;
        stack.push(next);
      }
  }
  let enclosed = 0;
  for (let at = 0; at < paper.length; at++) if (paper[at] && !reached[at]) enclosed++;
  return enclosed;
}

/**
 * OCR-B's G and 6 differ only where no check digit can tell them (their values are alike modulo 10), and the OCR reads
 * one for the other now and then. A 6's bowl is closed: it holds paper no way from outside its box reaches. A G's bar
 * stops well short of its left side, so all its paper is open to the outside through its mouth, even with its strokes
 * a pixel thicker each way (which closes the crack a faint or blurred 6 shows in its bowl). A symbol read as G or 6 (by
 * the OCR or its height) holding a closed bowl (at least 3 % of its box) is a 6; one whose paper the outside reaches
 * everywhere with its strokes thickened, in a box at least 55 % as wide as it is tall, is a G (the OCR now and then
 * splits a 6 into two narrow symbols, each with part of the bowl: an OCR-B G's box is some 65 % as wide as tall).
 * Either settles it: what the OCR read there is taken to be that too (no rival: see `gridLines` in mrz-repair.ts).
 * Otherwise nothing changes.
 */
export function withSixShape<S extends ReadSymbol>(image: GreyImage, symbol: S): S {
  if (!/^[G6]$/.test(symbol.text) && !/^[G6]$/.test(symbol.read ?? '')) return symbol;
  const inked = inkedBox(image, symbol, { minWidth: 6, minHeight: 10 });
  if (!inked) return symbol;
  const [width, height] = [inked.right - inked.left, inked.bottom - inked.top];
  const shape =
    enclosedPaper(image, inked, 0) >= width * height * 0.03
      ? '6'
      : width >= height * 0.55 && enclosedPaper(image, inked, 1) === 0
        ? 'G'
        : null;
  return shape ? { ...symbol, text: shape, read: shape } : symbol;
}

/** `symbol` as its shape says, where the OCR confuses it with a look-alike (a filler, a 9, a J, a 7, a G or a 6). */
export const withShape = <S extends ReadSymbol>(image: GreyImage, symbol: S): S =>
  withSixShape(image, withSevenShape(image, withJShape(image, withNineShape(image, withFillerShape(image, symbol)))));
