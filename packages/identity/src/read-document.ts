import { parseAamva } from './aamva.js';
import { documentBox } from './document-crop.js';
import { documentQuad, warpedQuad } from './document-quad.js';
import { textTilt } from './deskew.js';
import { isUnreadable, type DocumentReading } from './document.js';
import { binarised, cropped, greyImageOf, rotated, type GreyImage } from './images.js';
import { mrzDocument } from './mrz-document.js';
import { OCR_ATTEMPTS, readZone, zoneBand, type OcrOptions } from './mrz-ocr.js';
import { gridLines, namesOf, repairMrz, rivalReadings, withNames, zoneLines, type RepairedMrz } from './mrz-repair.js';
import type { MrzFormat } from './mrz-format.js';
import { readPdf417 } from './pdf417.js';

/**
 * The licence data of the first of `images` whose PDF417 barcode decodes as a licence (each binarised first when
 * `binarise`), else the first barcode that was no licence (unreadable, with the reason), else null. A barcode read
 * from a photo at an angle once came back "valid" with its error correction fooled and no licence in it, and the
 * levelled photo read right: a barcode that is no licence does not end the search.
 */
async function pdf417Reading(images: readonly GreyImage[], binarise = false): Promise<DocumentReading | null> {
  let notLicence: DocumentReading | null = null;
  for (const image of images) {
    const payload = await readPdf417(binarise ? binarised(image, 20, 8) : image);
    if (payload === null) continue;
    const parsed = parseAamva(payload);
    if (!('invalid' in parsed)) return parsed.data;
    notLicence ??= { unreadable: parsed.invalid };
  }
  return notLicence;
}

/**
 * The zone's data a reading gives, names apart: its lines but the names (fillers read as letters may differ), the
 * document type and issuing state before a passport's names kept.
 */
const dataOf = (zone: RepairedMrz) =>
  zone.lines.map((line, index) => (index === 0 && zone.format === 'TD3' ? line.slice(0, 5) : line)).join('');

const counted = (values: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
};

/**
 * The data valid readings agree on, as a reading of them whose document number was read as it is (see
 * `numberGuessed`), or null. Agreeing means two readings at least, and two more than read any other data: a check
 * digit cannot tell G from 6, K from a filler, L from 1 or U from 0 (their values are alike modulo 10), and the OCR
 * misreads such a character in some preparations and not others, so valid readings that differ are the sign of a
 * character nothing can settle; two readings alike then outvote nothing. A reading whose OCR read such a character of
 * the number as both (G and 6 in one cell, `rivals`: the data it would give with the other) speaks for each: the other
 * counts among the data read otherwise.
 */
function confirmedData(valid: readonly RepairedMrz[], rivals: readonly string[] = []): RepairedMrz | null {
  const counts = counted(valid.map(dataOf));
  const against = counted([...valid.map(dataOf), ...rivals]);
  for (const [data, count] of counts) {
    const others = Math.max(0, ...[...against].filter(([other]) => other !== data).map(([, times]) => times));
    if (count < 2 || count - others < 2) continue;
    const asRead = valid.find((zone) => dataOf(zone) === data && !zone.numberGuessed);
    if (asRead) return asRead;
  }
  return null;
}

/** Letters the OCR makes of a filler `<` as surely as of real letters (see `withFillerShape` in mrz-ocr.ts). */
const FILLER_MISREADS = /[KX]/;

/**
 * Whether `other` reads the names `one` reads but for a filler against a letter inside them (before `one`'s last
 * letter: a filler's tail read with stray letters is not a name).
 */
function fillerOrLetter(one: string, other: string): boolean {
  if (one === other || one.length !== other.length) return false;
  const end = one.search(/[A-Z]<*$/);
  let inside = false;
  for (let at = 0; at < one.length; at++) {
    if (one[at] === other[at]) continue;
    if (one[at] !== '<' && other[at] !== '<') return false;
    if (at < end) inside = true;
  }
  return inside;
}

/**
 * Names valid readings of the same data agree on (the earliest such), `ambiguous` when readings differ only by a
 * filler against a letter (O<BRIEN and OKBRIEN: no check digit can tell which), or null while neither. Agreeing is two
 * readings alike, three when the names hold a K or X: the OCR reads a filler as one alike in most preparations.
 * Readings whose digits fail misread something, and the weaker preparations (binarised, turned) misread alike (a
 * filler before a given name as `<X`), so two failing readings agreeing on a wrong name outvoted a right one: they do
 * not count.
 */
function agreedNames(readings: readonly RepairedMrz[], data: string): string | 'ambiguous' | null {
  const names = readings.filter((reading) => dataOf(reading) === data).map(namesOf);
  for (const [candidate, count] of counted(names)) {
    if (count < (FILLER_MISREADS.test(candidate) ? 3 : 2)) continue;
    return names.some((other) => fillerOrLetter(candidate, other)) ? 'ambiguous' : candidate;
  }
  return names.some((one) => names.some((other) => fillerOrLetter(one, other))) ? 'ambiguous' : null;
}

/**
 * Reads the MRZ: attempts in turn (`OCR_ATTEMPTS`), each read as a passport's two lines and an ID card's three. A
 * reading is valid when every check digit passes and every field is one the format allows (a real country code).
 * One check digit guards a document number, and a misreading passes it one time in ten: the data are taken only
 * when two valid readings agree on them, one of them with the number read as it is, not repaired. Names have no check digit, and OCR misreads a letter of them (I as T) as
 * often as not: they are trusted only when two of those readings agree on them too, so reading goes on until two do
 * (or the attempts run out: then the names are not trusted).
 */
async function mrzReading(document: GreyImage, now: Date, options: OcrOptions): Promise<DocumentReading> {
  const valid: RepairedMrz[] = [];
  // The data valid readings would give had a cell of their document number held its rival (see `rivalReadings`).
  const rivals: string[] = [];
  let nearest: RepairedMrz | null = null;
  let confirmed: RepairedMrz | null = null;
  let names: string | null = null;
  let invalidFields: string[] = [];
  for (const attempt of OCR_ATTEMPTS) {
    const read = await readZone(document, attempt, options);
    for (const format of ['TD3', 'TD1'] as MrzFormat[]) {
      // One reading an attempt and format (the grid's, else the text's): agreeing readings are separate looks.
      const grid = gridLines(read.lines, format);
      const lines = grid?.lines ?? zoneLines(read.text, format);
      if (!lines) continue;
      const zone = repairMrz(lines, format, grid?.confidence);
      // Fields without a check digit (an issuing country, the sex) may be misread too: a reading with a field the
      // format does not allow (a country code that does not exist) is not valid, and another attempt may read it.
      const issues = zone.valid ? mrzDocument(zone, false, now).issues : [];
      if (issues.length > 0) invalidFields = issues;
      if (zone.valid && issues.length === 0) {
        valid.push(zone);
        for (const lines of rivalReadings(zone, grid?.rivals)) rivals.push(dataOf({ ...zone, lines }));
      } else if (!nearest || zone.failing.length < nearest.failing.length) nearest = zone;
    }
    confirmed = confirmedData(valid, rivals);
    if (confirmed) {
      const agreed = agreedNames(valid, dataOf(confirmed));
      names = agreed === 'ambiguous' ? null : agreed;
      // Ambiguous names stay so whatever is read next: the names are not trusted, and reading stops.
      if (agreed !== null) break;
    }
  }
  if (!confirmed)
    return {
      unreadable:
        valid.length > 0
          ? 'the machine-readable zone was read with valid check digits, but its readings did not agree (two alike, two more than read it otherwise) or its document number had to be guessed'
          : invalidFields.length > 0
            ? `the machine-readable zone has invalid fields (${invalidFields.join(', ')})`
            : nearest
              ? `the machine-readable zone was read but its check digits fail (${nearest.failing.join(', ')})`
              : 'no barcode and no machine-readable zone could be found in the photo',
    };
  return mrzDocument(names ? withNames(confirmed, names) : confirmed, names !== null, now).data;
}

/**
 * Reads an identity document from a photo of it: a North American licence's PDF417 barcode first, else the
 * machine-readable zone of a passport (TD3) or an ID card (TD1). In memory only. `options.tessdata`: the OCR model's
 * folder (the worker's `SVC_TESSDATA`).
 */
export async function readDocument(photo: Uint8Array, now: Date, options: OcrOptions = {}): Promise<DocumentReading> {
  let image: GreyImage;
  try {
    image = await greyImageOf(photo);
  } catch {
    return { unreadable: 'the photo is not an image that can be decoded' };
  }
  // A barcode that is no licence is kept as the answer of last resort (see `pdf417Reading`).
  let notLicence: DocumentReading | null = null;
  const licenceIn = async (images: readonly GreyImage[], binarise = false) => {
    const reading = await pdf417Reading(images, binarise);
    if (reading && isUnreadable(reading)) {
      notLicence ??= reading;
      return null;
    }
    return reading;
  };
  const fromBarcode = await licenceIn([image]);
  if (fromBarcode) return fromBarcode;
  // A document photographed on a darker background, at an angle or turned: its four corners found, and the document
  // warped flat and upright (its zone's lines straight and level, its characters of one size from end to end).
  const quad = documentQuad(image);
  const flat = quad ? warpedQuad(image, quad) : null;
  const fromFlat = flat ? await licenceIn([flat]) : null;
  if (fromFlat) return fromFlat;
  let document: GreyImage;
  let views: GreyImage[];
  // A flat document that shows no zone's lines may be a wrong outline (a light desk's edge, a part of the document):
  // the photo levelled and cropped as before is looked at too.
  if (flat && (await zoneBand(flat)).lineHeight !== null) {
    document = flat;
    views = [image, flat];
  } else {
    // The photo's text level: a tilted barcode on a dark desk in uneven light reads once levelled (before the crop
    // to the document, which uneven light can cut short).
    const level = await rotated(image, -(await textTilt(image)));
    const fromLevel = level === image ? null : await licenceIn([level]);
    if (fromLevel) return fromLevel;
    const box = documentBox(level);
    const whole = box.left === 0 && box.top === 0 && box.width === level.width && box.height === level.height;
    document = whole ? level : cropped(level, box);
    const fromDocument = whole ? null : await licenceIn([document]);
    if (fromDocument) return fromDocument;
    views = [...new Set([image, level, document, ...(flat ? [flat] : [])])];
  }
  // Each copy binarised (a faint or unevenly lit barcode) costs as much as a read again and no corpus licence needed
  // it: tried before the zone when the document shows no zone's lines, else only once the zone could not be read.
  const zoneSeen = (await zoneBand(document)).lineHeight !== null;
  if (!zoneSeen) {
    const fromBinarised = await licenceIn(views, true);
    if (fromBinarised) return fromBinarised;
    if (notLicence) return notLicence;
  }
  const fromZone = await mrzReading(document, now, options);
  if (!zoneSeen || !isUnreadable(fromZone)) return fromZone;
  return (await licenceIn(views, true)) ?? notLicence ?? fromZone;
}
