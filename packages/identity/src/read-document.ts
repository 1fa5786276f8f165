import { parseAamva } from './aamva.js';
import { documentBox } from './document-crop.js';
import { textTilt } from './deskew.js';
import type { DocumentReading } from './document.js';
import { binarised, cropped, greyImageOf, rotated, type GreyImage } from './images.js';
import { mrzDocument } from './mrz-document.js';
import { OCR_ATTEMPTS, readZone, type OcrOptions } from './mrz-ocr.js';
import { gridLines, namesOf, repairMrz, withNames, zoneLines, type MrzFormat, type RepairedMrz } from './mrz-repair.js';
import { readPdf417 } from './pdf417.js';

async function pdf417Reading(image: GreyImage): Promise<DocumentReading | null> {
  const payload = (await readPdf417(image)) ?? (await readPdf417(binarised(image, 20, 8)));
  if (payload === null) return null;
  const parsed = parseAamva(payload);
  return 'invalid' in parsed ? { unreadable: parsed.invalid } : parsed.data;
}

/** The zone's data a reading gives, names apart: its lines but the names (fillers read as letters may differ). */
const dataOf = (zone: RepairedMrz) =>
  zone.lines.filter((_, index) => index !== (zone.format === 'TD3' ? 0 : 2)).join('');

/**
 * Names two valid readings of the same data agree on (the earliest such), or null. Readings whose digits fail
 * misread something, and the weaker preparations (binarised, turned) misread alike (a filler before a given name as
 * `<X`), so two failing readings agreeing on a wrong name outvoted a right one: they do not count.
 */
function agreedNames(readings: readonly RepairedMrz[], data: string): string | null {
  const seen = new Set<string>();
  for (const reading of readings) {
    if (dataOf(reading) !== data) continue;
    const names = namesOf(reading);
    if (seen.has(names)) return names;
    seen.add(names);
  }
  return null;
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
      if (zone.valid && issues.length === 0) valid.push(zone);
      else if (!nearest || zone.failing.length < nearest.failing.length) nearest = zone;
    }
    // Two agreeing readings, one of which read the document number as it is (see `numberGuessed`).
    confirmed ??=
      valid.find(
        (zone, index) =>
          !zone.numberGuessed && valid.some((other, at) => at !== index && dataOf(other) === dataOf(zone)),
      ) ?? null;
    if (confirmed) {
      names = agreedNames(valid, dataOf(confirmed));
      if (names) break;
    }
  }
  if (!confirmed)
    return {
      unreadable:
        valid.length > 0
          ? 'the machine-readable zone was read with valid check digits, but no two readings agreed (or its document number had to be guessed)'
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
  const fromBarcode = await pdf417Reading(image);
  if (fromBarcode) return fromBarcode;
  // The photo's text level: a tilted barcode on a dark desk in uneven light reads once levelled (before the crop to
  // the document, which uneven light can cut short).
  const level = await rotated(image, -(await textTilt(image)));
  const fromLevel = await pdf417Reading(level);
  if (fromLevel) return fromLevel;
  const document = cropped(level, documentBox(level));
  return (await pdf417Reading(document)) ?? mrzReading(document, now, options);
}
