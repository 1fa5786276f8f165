import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { binarised, cropped, pgmOf, rotated, scaledToWidth, type GreyImage } from './images.js';
import { withShape } from './symbol-shapes.js';

/** Debian's `tesseract-ocr-eng` model (the fast one reads OCR-B better than the npm model); the worker's `SVC_TESSDATA`. */
export const DEFAULT_TESSDATA = '/usr/share/tesseract-ocr/5/tessdata';

/** Where the OCR's model is read from (a folder holding `eng.traineddata`). */
export type OcrOptions = { readonly tessdata?: string };

let worker: Promise<Worker> | null = null;
let workerTessdata: string | null = null;

/**
 * The process's OCR engine, created on first use: the English model from local files only (`langPath` a folder,
 * `cacheMethod: 'none'`, `gzip: false`: otherwise tesseract.js downloads a model and caches it on disk), the MRZ's
 * alphabet only, the page one block of text.
 */
async function ocrWorker(tessdata: string): Promise<Worker> {
  if (worker && workerTessdata !== tessdata) await closeOcr();
  workerTessdata = tessdata;
  worker ??= (async () => {
    const created = await createWorker(
      'eng',
      OEM.LSTM_ONLY,
      { langPath: tessdata, cacheMethod: 'none', gzip: false },
      // The MRZ holds no words: no dictionaries.
      { load_system_dawg: '0', load_freq_dawg: '0' },
    );
    await created.setParameters({
      tessedit_char_whitelist: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<',
      tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
      // A PGM carries no resolution: without one the engine guesses (and warns on every image).
      user_defined_dpi: '300',
    });
    return created;
  })();
  return worker;
}

/** Ends the process's OCR engine (tests and the worker's shutdown). */
export async function closeOcr(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await (await current).terminate();
}

/** The OCR's reads, one after the other. */
let ocrTurns: Promise<unknown> = Promise.resolve();

/** A character the OCR read, where it stands across the line (pixels) and how sure the OCR is of it (0–100). */
export type OcrSymbol = {
  readonly text: string;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly confidence: number;
  /** What the OCR itself read there, before its shape or height made it another character. */
  readonly read?: string;
};

/** What the OCR reads in `image`: the text, and each line's characters with their places. */
export async function ocrRead(
  image: GreyImage,
  { tessdata = DEFAULT_TESSDATA, threshold = 'otsu' }: OcrOptions & { threshold?: OcrAttempt['threshold'] } = {},
): Promise<{ text: string; lines: OcrSymbol[][] }> {
  const engine = await ocrWorker(tessdata);
  // Tesseract's `thresholding_method` (0 Otsu, 2 Sauvola) is the engine's, not the image's: reads take turns.
  const turn = ocrTurns.then(async () => {
    await engine.setParameters({ thresholding_method: threshold === 'sauvola' ? '2' : '0' });
    return engine.recognize(pgmOf(image), {}, { text: true, blocks: true });
  });
  ocrTurns = turn.catch(() => undefined);
  const { data } = await turn;
  const lines = (data.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) =>
        line.words.flatMap((word) =>
          word.symbols.map((symbol) => ({
            text: symbol.text,
            left: symbol.bbox.x0,
            right: symbol.bbox.x1,
            top: symbol.bbox.y0,
            bottom: symbol.bbox.y1,
            confidence: symbol.confidence,
            read: symbol.text,
          })),
        ),
      ),
    ),
  );
  return { text: data.text, lines };
}

/**
 * Rows of text in a binarised image: runs of rows holding ink, with how far the ink spreads across. A row holds
 * ink when it has at least 2 % of the width, and at least 30 % of what the inkiest rows (the 95th percentile) have:
 * a document's printed background pattern (fine wavy lines) leaves some ink on every row, a line of text far more.
 */
function textLines(image: GreyImage): { top: number; bottom: number; spread: number }[] {
  const { width, height, pixels } = image;
  const rowInk = new Uint32Array(height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (pixels[y * width + x] === 0) rowInk[y]! += 1;
  const inkiest = [...rowInk].sort((a, b) => a - b)[Math.floor(height * 0.95)] ?? 0;
  const least = Math.max(width * 0.02, inkiest * 0.3);
  const lines: { top: number; bottom: number; spread: number }[] = [];
  let top = -1;
  const inkColumns = new Uint8Array(width);
  const close = (bottom: number) => {
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++)
      if (inkColumns[x]) {
        if (first < 0) first = x;
        last = x;
      }
    if (bottom - top >= 4) lines.push({ top, bottom, spread: first < 0 ? 0 : (last - first + 1) / width });
    inkColumns.fill(0);
    top = -1;
  };
  for (let y = 0; y < height; y++) {
    if (rowInk[y]! > least) {
      if (top < 0) top = y;
      for (let x = 0; x < width; x++) if (pixels[y * width + x] === 0) inkColumns[x] = 1;
    } else if (top >= 0) close(y);
  }
  if (top >= 0) close(height);
  return lines;
}

/** The width the zone's lines are looked for at. */
const BAND_SEARCH_WIDTH = 1000;

/**
 * Ink (0) on paper (255) with every stroke thinner than 3 pixels taken away (an erosion then a dilation by a 3 × 3
 * square): the fine lines of a background pattern go, characters' strokes (4 pixels and more at the search width) stay.
 */
function opened(image: GreyImage): GreyImage {
  const { width, height } = image;
  // `every`: a pixel is ink when all its 3 × 3 neighbours are (erosion); else when any is (dilation).
  const pass = (source: Uint8Array, every: boolean) => {
    const out = new Uint8Array(source.length).fill(255);
    for (let y = 1; y < height - 1; y++)
      for (let x = 1; x < width - 1; x++) {
        let inkAround = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) if (source[(y + dy) * width + x + dx] === 0) inkAround++;
        if (every ? inkAround === 9 : inkAround > 0) out[y * width + x] = 0;
      }
    return out;
  };
  return { width, height, pixels: pass(pass(image.pixels, true), false) };
}

/**
 * The band of the document holding its machine-readable zone: its last lines of text that run across most of the
 * width (an MRZ line is filled to its end with `<`), with a margin, and the height of their ink (null when no such
 * lines are found: then the band is the bottom 40 %).
 */
export async function mrzBand(
  document: GreyImage,
): Promise<{ top: number; height: number; lineHeight: number | null }> {
  // Looked for at one size whatever the photo's, its fine lines (a printed background pattern) opened away.
  const scale = BAND_SEARCH_WIDTH / document.width;
  const ink = opened(binarised(await scaledToWidth(document, BAND_SEARCH_WIDTH), 16, 20));
  const spread = textLines(ink)
    .map((line) => ({ ...line, top: line.top / scale, bottom: line.bottom / scale }))
    .filter((line) => line.spread > 0.6 && line.top > document.height * 0.3);
  // A thin run of ink across (the document's edge, a shadow) is no line of text: MRZ lines are all of one height.
  const tallest = Math.max(0, ...spread.map((line) => line.bottom - line.top));
  const wide = spread.filter((line) => line.bottom - line.top >= tallest * 0.5);
  if (wide.length >= 2) {
    // A passport's zone has two lines, an ID card's three: the band holds up to three (the OCR finds which).
    const band = wide.slice(-3);
    const lineHeight = band.reduce((sum, line) => sum + line.bottom - line.top, 0) / band.length;
    const top = Math.max(0, band[0]!.top - lineHeight);
    const bottom = Math.min(document.height, band.at(-1)!.bottom + lineHeight);
    return { top, height: bottom - top, lineHeight };
  }
  return { top: document.height * 0.6, height: document.height * 0.4, lineHeight: null };
}

/**
 * One way of preparing the zone's band for the OCR: tried in turn until every check digit passes. `lineHeight`: the
 * height in pixels the zone's characters are scaled to (the OCR's model reads text of about 30 pixels best, and its
 * time grows with the pixels: scaling by the text, not by the photo, keeps a large photo as cheap as a small one).
 */
export type OcrAttempt = {
  readonly tilt: number;
  readonly lineHeight: number;
  /** How the OCR tells ink from paper: Otsu's one threshold (its default), or Sauvola's local one (uneven light). */
  readonly threshold: 'otsu' | 'sauvola';
};

/**
 * The attempts, likeliest first: as is at two scales (a second look as good as the first, which the names need: they
 * are trusted only when two valid readings agree), then at a third, with a local threshold, and slightly turned.
 */
export const OCR_ATTEMPTS: readonly OcrAttempt[] = [
  { tilt: 0, lineHeight: 30, threshold: 'otsu' },
  { tilt: 0, lineHeight: 38, threshold: 'otsu' },
  { tilt: 0, lineHeight: 24, threshold: 'otsu' },
  { tilt: 0, lineHeight: 30, threshold: 'sauvola' },
  { tilt: 0.6, lineHeight: 30, threshold: 'otsu' },
  { tilt: -0.6, lineHeight: 30, threshold: 'otsu' },
];

/** When no zone lines are found, the band is scaled to this width (the OCR then finds the lines itself). */
const FALLBACK_WIDTH = 1400;
/** The widest a band is read at: a zone's 44 characters at 30 pixels high are about 1,300 wide. */
const WIDEST_BAND = 2400;

/** Where each document's zone lies, found once: the attempts differ in how the band is prepared, not in where it is. */
const bands = new WeakMap<GreyImage, Promise<{ top: number; height: number; lineHeight: number | null }>>();

/** `mrzBand` of `document`, found once per image (the reading's attempts and the barcode's order ask it again). */
export function zoneBand(document: GreyImage): Promise<{ top: number; height: number; lineHeight: number | null }> {
  let found = bands.get(document);
  if (!found) {
    found = mrzBand(document);
    bands.set(document, found);
  }
  return found;
}

/**
 * The OCR's reading of the zone in `document` (upright and cropped) prepared as `attempt` says: the band found once
 * per document, cropped, scaled, then turned by the attempt's tilt (turning the small band, not the whole page).
 */
export async function readZone(
  document: GreyImage,
  attempt: OcrAttempt,
  options: OcrOptions = {},
): Promise<{ text: string; lines: OcrSymbol[][] }> {
  const band = await zoneBand(document);
  const width = band.lineHeight
    ? Math.min(WIDEST_BAND, Math.round((document.width * attempt.lineHeight) / band.lineHeight))
    : FALLBACK_WIDTH;
  const zone = await rotated(
    await scaledToWidth(
      cropped(document, { left: 0, top: band.top, width: document.width, height: band.height }),
      width,
    ),
    attempt.tilt,
  );
  const read = await ocrRead(zone, { ...options, threshold: attempt.threshold });
  const lines: OcrSymbol[][] = [];
  for (const line of read.lines) lines.push(await withMergedReadAgain(zone, line, options, attempt.threshold));
  return {
    ...read,
    lines: withDigitHeights(lines.map((line) => line.map((symbol) => withShape(zone, symbol)))),
  };
}

/**
 * The OCR's model reads a long run of fillers badly: now and then it makes of several characters one wide symbol (a
 * `K` over `<<<4`, or a `<` it is unsure of over `<<<<8`: the zone's last check digit lost in it). Every MRZ character
 * has the same width: a symbol twice as wide as the line's usual one, other than a `<` the OCR is sure of (a run of
 * fillers read as one, which `gridLines` spreads over its cells), is read again alone (the stretch it covers, with the
 * line's height and a margin), and what that reading finds inside the stretch takes its place when it is mostly
 * fillers.
 */
async function withMergedReadAgain(
  zone: GreyImage,
  line: readonly OcrSymbol[],
  options: OcrOptions,
  threshold: OcrAttempt['threshold'],
): Promise<OcrSymbol[]> {
  const usual = median(line.filter((symbol) => symbol.text !== '<').map((symbol) => symbol.right - symbol.left));
  const [top, bottom] = [median(line.map((symbol) => symbol.top)), median(line.map((symbol) => symbol.bottom))];
  if (usual === null || top === null || bottom === null || line.length < 10) return [...line];
  const out: OcrSymbol[] = [];
  for (const symbol of line) {
    if ((symbol.text === '<' && symbol.confidence >= 50) || symbol.right - symbol.left < usual * 2) {
      out.push(symbol);
      continue;
    }
    const margin = bottom - top;
    const box = {
      left: Math.max(0, symbol.left - margin),
      top: Math.max(0, top - margin * 0.6),
      width: Math.min(zone.width, symbol.right + margin) - Math.max(0, symbol.left - margin),
      height: Math.min(zone.height, bottom + margin * 0.6) - Math.max(0, top - margin * 0.6),
    };
    const again = await ocrRead(cropped(zone, box), { ...options, threshold });
    const inside = again.lines
      .flat()
      .map((found) => ({
        ...found,
        left: found.left + box.left,
        right: found.right + box.left,
        top: found.top + box.top,
        bottom: found.bottom + box.top,
      }))
      .filter((found) => {
        const centre = (found.left + found.right) / 2;
        return centre >= symbol.left && centre <= symbol.right;
      });
    // Such a stretch is a run of fillers (with the check digit after it): a reading again that finds mostly other
    // characters there (a run of fillers read as E, C, G) is no better, and the symbol stays.
    const fillers = inside.filter((found) => found.text === '<').length;
    out.push(...(inside.length > 0 && fillers * 2 >= inside.length ? inside : [symbol]));
  }
  return out;
}

/** Letters and digits OCR-B draws alike but for their height, each with its look-alike. */
const DIGIT_OF: Readonly<Record<string, string>> = { O: '0', D: '0', Q: '0', I: '1', B: '8', S: '5', Z: '2', G: '6' };
const LETTER_OF: Readonly<Record<string, string>> = { '0': 'O', '1': 'I', '8': 'B', '5': 'S', '2': 'Z', '6': 'G' };
/** Digits and capitals no look-alike of the other kind is confused with: the heights of each kind are taken from them. */
const PLAIN_DIGIT = /^[3479]$/;
const PLAIN_LETTER = /^[ACEFHJKLMNPRTVWXY]$/;
/** How much taller OCR-B's digits are than its capitals (both on the baseline): about 8 %. */
const DIGIT_TO_CAPITAL = 1.08;

/** The straight line `y = a + b · x` nearest the points (least squares, once more without the farthest), or null. */
function fittedLine(points: readonly { x: number; y: number }[]): ((x: number) => number) | null {
  const fit = (of: readonly { x: number; y: number }[]) => {
    const meanX = of.reduce((sum, point) => sum + point.x, 0) / of.length;
    const meanY = of.reduce((sum, point) => sum + point.y, 0) / of.length;
    let [covariance, variance] = [0, 0];
    for (const point of of) {
      covariance += (point.x - meanX) * (point.y - meanY);
      variance += (point.x - meanX) ** 2;
    }
    const slope = variance > 0 ? covariance / variance : 0;
    return (x: number) => meanY + slope * (x - meanX);
  };
  if (points.length < 3) return null;
  const first = fit(points);
  const misses = points.map((point) => Math.abs(point.y - first(point.x))).sort((a, b) => a - b);
  const usual = Math.max(1.5, 2 * misses[Math.floor(misses.length / 2)]!);
  const kept = points.filter((point) => Math.abs(point.y - first(point.x)) <= usual);
  return kept.length >= 3 ? fit(kept) : first;
}

const median = (values: readonly number[]) =>
  values.length === 0 ? null : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * OCR-B's digits stand taller than its capitals on the same baseline (by about 8 %), and the OCR's model, not trained
 * on OCR-B, reads a 0 as O, a 5 as S, an 8 as B, a 1 as I (and the reverse) where a document number mixes both. Each
 * character's height is measured from its line's baseline (a straight line through the characters' bottoms: the
 * zone may be slightly turned); the zone's digits and capitals no one confuses (3, 4, 7, 9; A, C, E, ...) give the
 * height of each kind (one kind's from the other's when a zone shows too few of it), and a look-alike whose height
 * is clearly nearer the other kind's is read as its look-alike of that kind.
 */
export function withDigitHeights(lines: readonly (readonly OcrSymbol[])[]): OcrSymbol[][] {
  const measured = lines.map((line) => {
    const baseline = fittedLine(
      line
        .filter((symbol) => symbol.text !== '<')
        .map((symbol) => ({ x: (symbol.left + symbol.right) / 2, y: symbol.bottom })),
    );
    return line.map((symbol) => ({
      symbol,
      height: baseline ? baseline((symbol.left + symbol.right) / 2) - symbol.top : null,
    }));
  });
  const all = measured.flat();
  const heightOf = (kind: RegExp) =>
    median(all.filter(({ symbol, height }) => height !== null && kind.test(symbol.text)).map(({ height }) => height!));
  const [digitsMeasured, capitalsMeasured] = [heightOf(PLAIN_DIGIT), heightOf(PLAIN_LETTER)];
  const digits = digitsMeasured ?? (capitalsMeasured === null ? null : capitalsMeasured * DIGIT_TO_CAPITAL);
  const capitals = capitalsMeasured ?? (digits === null ? null : digits / DIGIT_TO_CAPITAL);
  // Too little between the two (a blurred zone) to tell one kind from the other.
  if (digits === null || capitals === null || digits - capitals < digits * 0.04) return lines.map((line) => [...line]);
  return measured.map((line) =>
    line.map(({ symbol, height }) => {
      if (height === null) return symbol;
      const towardDigit = (height - capitals) / (digits - capitals);
      const digit = DIGIT_OF[symbol.text];
      if (digit && towardDigit > 0.75) return { ...symbol, text: digit };
      const letter = LETTER_OF[symbol.text];
      if (letter && towardDigit < 0.25) return { ...symbol, text: letter };
      return symbol;
    }),
  );
}
