import { describe, expect, it } from 'vitest';
import type { GreyImage } from '../src/images.js';
import type { OcrSymbol } from '../src/mrz-ocr.js';
import { withJShape, withNineShape, withSevenShape, withSixShape } from '../src/symbol-shapes.js';

/**
 * A glyph `width` × `height` pixels, ink 20 on paper 230, that `draw` draws with a pen: a disc 5 pixels across when
 * `round`, else a square of 4.
 */
function drawn(
  width: number,
  height: number,
  draw: (ink: (x: number, y: number) => void) => void,
  round = false,
): GreyImage {
  const pixels = new Uint8Array(width * height).fill(230);
  const reach = round ? 2 : 1;
  draw((x, y) => {
    for (let dy = -2; dy <= reach; dy++)
      for (let dx = -2; dx <= reach; dx++) {
        const [px, py] = [Math.round(x + dx), Math.round(y + dy)];
        if (round && dx * dx + dy * dy > 5) continue;
        if (px >= 0 && px < width && py >= 0 && py < height) pixels[py * width + px] = 20;
      }
  });
  return { pixels, width, height };
}

/** Points along an ellipse's arc from `from` to `to` degrees (0 on the right, counter-clockwise), 2 degrees apart. */
function arc(from: number, to: number, centre: [number, number], radius: [number, number]): [number, number][] {
  const points: [number, number][] = [];
  for (let step = from; step <= to; step += 2) {
    const angle = (step * Math.PI) / 180;
    points.push([centre[0] + radius[0] * Math.cos(angle), centre[1] - radius[1] * Math.sin(angle)]);
  }
  return points;
}

/** The OCR's symbol `text` over the whole of a glyph `width` × `height`. */
const readAs = (text: string, width: number, height: number): OcrSymbol => ({
  text,
  left: 0,
  right: width,
  top: 0,
  bottom: height,
  confidence: 90,
});

/**
 * A glyph 22 × 31 pixels, ink 20 on paper 230: an O (an oval ring the full height), or a 9 (the ring in the top 60 %,
 * its tail from the ring's right side down to the bottom, left of the middle).
 */
function glyph(kind: 'O' | '9'): GreyImage {
  const ringHeight = kind === 'O' ? 27 : 17;
  return drawn(
    22,
    31,
    (ink) => {
      for (const [x, y] of arc(0, 358, [11, 2 + ringHeight / 2], [8, ringHeight / 2])) ink(x, y);
      if (kind === '9') for (let t = 0; t <= 1; t += 0.02) ink(18 - 10 * t, 12 + 17 * t);
    },
    true,
  );
}

describe("OCR-B's 9 told from an O by its tail", () => {
  const read = (text: string) => readAs(text, 22, 31);

  it('reads a 9 the OCR took for O or 0 as a 9, and leaves an O an O', () => {
    expect(withNineShape(glyph('9'), read('O')).text).toBe('9');
    expect(withNineShape(glyph('9'), read('0')).text).toBe('9');
    expect(withNineShape(glyph('O'), read('O')).text).toBe('O');
    expect(withNineShape(glyph('O'), read('0')).text).toBe('0');
    // Only symbols read as an O's look-alikes are looked at.
    expect(withNineShape(glyph('9'), read('P')).text).toBe('P');
  });
});

/** An I (a stem with a bar across its top and its foot) or a J (a stem on the right, a hook at its foot), 16 × 28. */
function stem(kind: 'I' | 'J'): GreyImage {
  const [width, height] = [16, 28];
  const pixels = new Uint8Array(width * height).fill(230);
  const fill = (x0: number, x1: number, y0: number, y1: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) pixels[y * width + x] = 20;
  };
  if (kind === 'I') {
    fill(6, 10, 0, 28);
    fill(1, 15, 0, 4);
    fill(1, 15, 24, 28);
  } else {
    fill(11, 15, 0, 26);
    fill(1, 5, 19, 26);
    fill(1, 15, 24, 28);
  }
  return { pixels, width, height };
}

describe("OCR-B's J told from an I by its shape", () => {
  const read = (text: string) => readAs(text, 16, 28);

  it('reads a J the OCR took for an I as a J, and leaves an I an I', () => {
    expect(withJShape(stem('J'), read('I')).text).toBe('J');
    expect(withJShape(stem('I'), read('I')).text).toBe('I');
    expect(withJShape(stem('J'), read('1')).text).toBe('1');
  });
});

/**
 * A 7 (a bar across its top, its stem from the bar's right end down to the left of its middle), a T (the bar, its stem
 * in its middle) or a C (an arc open on the right), 20 × 30, strokes 4 pixels wide.
 */
function sevenOrLookAlike(kind: '7' | 'T' | 'C'): GreyImage {
  return drawn(20, 30, (ink) => {
    if (kind === 'C') for (const [x, y] of arc(40, 320, [11, 15], [8, 13])) ink(x, y);
    else {
      for (let x = 2; x <= 18; x++) ink(x, 2);
      for (let t = 0; t <= 1; t += 0.02) ink(kind === 'T' ? 10 : 18 - 11 * t, 2 + 26 * t);
    }
  });
}

describe("OCR-B's 7 told from a T or a C by its stem", () => {
  const read = (text: string) => readAs(text, 20, 30);

  it('reads a 7 the OCR took for a T or a C as a 7, and leaves a T a T and a C a C', () => {
    expect(withSevenShape(sevenOrLookAlike('7'), read('T')).text).toBe('7');
    expect(withSevenShape(sevenOrLookAlike('7'), read('C')).text).toBe('7');
    expect(withSevenShape(sevenOrLookAlike('T'), read('T')).text).toBe('T');
    expect(withSevenShape(sevenOrLookAlike('C'), read('C')).text).toBe('C');
    // Only symbols read as T or C are looked at.
    expect(withSevenShape(sevenOrLookAlike('7'), read('Y')).text).toBe('Y');
  });
});

/**
 * A 6 (a closed bowl in its lower half, its stem from the top right down into the bowl's left) or a G (an arc open at
 * its top right, its bar from the right side in towards the middle, short of the left side), 20 × 30.
 */
function sixOrG(kind: '6' | 'G'): GreyImage {
  return drawn(20, 30, (ink) => {
    if (kind === '6') {
      for (const [x, y] of arc(0, 360, [10, 20], [7.5, 7.5])) ink(x, y);
      for (let t = 0; t <= 1; t += 0.02) ink(15 - 12.5 * t, 2 + 18 * t);
    } else {
      for (const [x, y] of arc(50, 360, [10, 15], [7.5, 13])) ink(x, y);
      for (let x = 11; x <= 17.5; x++) ink(x, 15);
    }
  });
}

describe("OCR-B's G told from a 6 by its closed bowl", () => {
  const read = (text: string, width = 20) => readAs(text, width, 30);

  it('reads a closed bowl as a 6 and an open G as a G, what the OCR read there then the same', () => {
    expect(withSixShape(sixOrG('6'), read('G'))).toMatchObject({ text: '6', read: '6' });
    expect(withSixShape(sixOrG('G'), { ...read('G'), read: '6' })).toMatchObject({ text: 'G', read: 'G' });
    expect(withSixShape(sixOrG('G'), read('6'))).toMatchObject({ text: 'G', read: 'G' });
  });

  it('leaves a narrow box as it was (part of a 6 the OCR split in two), and other letters alone', () => {
    expect(withSixShape(sixOrG('G'), read('6', 9)).text).toBe('6');
    expect(withSixShape(sixOrG('6'), read('B')).text).toBe('B');
  });
});
