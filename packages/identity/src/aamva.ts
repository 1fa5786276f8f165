import type { DocumentData } from './document.js';

/** The US states and territories, and the Canadian provinces and territories, that issue AAMVA licences. */
const US_JURISDICTIONS = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI'.split(
    ' ',
  ),
);
const CANADIAN_JURISDICTIONS = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));

/** Why a barcode's text is not an AAMVA licence, or its data. */
export type AamvaParse = { readonly data: DocumentData } | { readonly invalid: string };

/** An AAMVA date: `MMDDCCYY` in the US, `CCYYMMDD` in Canada (either is accepted when the year says which). */
function aamvaDate(value: string | undefined, canadian: boolean): string | null {
  if (!value || !/^\d{8}$/.test(value)) return null;
  const usOrder = `${value.slice(4, 8)}-${value.slice(0, 2)}-${value.slice(2, 4)}`;
  const canadianOrder = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  const looksCanadian = /^(19|20)/.test(value) && !/^(0[1-9]|1[0-2])/.test(value);
  return canadian || looksCanadian ? canadianOrder : usOrder;
}

/**
 * The licence data of a PDF417 payload (AAMVA DL/ID Card Design Standard): the `@` compliance indicator and `ANSI `
 * header, then data elements of three letters each on their own line (`DCS` family name, `DAC` first name, `DAD`
 * middle names, `DBB` date of birth, `DBA` expiry, `DAQ` number, `DAJ` jurisdiction, `DCG` country).
 */
export function parseAamva(payload: string): AamvaParse {
  if (!payload.startsWith('@') || !/ANSI ?\d{6}/.test(payload.slice(0, 40)))
    return { invalid: 'the barcode is not an AAMVA licence (no ANSI header)' };
  const elements = new Map<string, string>();
  // The record separator (0x1E) ends the header like a line break.
  const text = payload.replaceAll('\u001e', '\n');
  for (const match of text.matchAll(/(?:^|[\n\r]|DL|ID)(D[A-Z]{2})([^\n\r]*)/g)) {
    if (!elements.has(match[1]!)) elements.set(match[1]!, match[2]!.trim());
  }
  const jurisdiction = elements.get('DAJ') ?? null;
  const country = elements.get('DCG') ?? (jurisdiction && CANADIAN_JURISDICTIONS.has(jurisdiction) ? 'CAN' : 'USA');
  if (!jurisdiction || !(country === 'CAN' ? CANADIAN_JURISDICTIONS : US_JURISDICTIONS).has(jurisdiction))
    return { invalid: 'the barcode names no known issuing state or province' };
  const canadian = country === 'CAN';
  const lastName = elements.get('DCS') ?? null;
  // Older versions put the given names in `DCT` ("FIRST,MIDDLE" or "FIRST MIDDLE").
  const given = [elements.get('DAC'), elements.get('DAD')].filter((part) => part && part !== 'NONE').join(' ');
  const givenNames = given || elements.get('DCT')?.replace(/,/g, ' ') || null;
  return {
    data: {
      source: 'pdf417',
      documentType: 'driver_licence',
      issuingCountry: country,
      issuingRegion: jurisdiction,
      documentNumber: elements.get('DAQ') ?? null,
      lastName,
      givenNames,
      birthDate: aamvaDate(elements.get('DBB'), canadian),
      expiryDate: aamvaDate(elements.get('DBA'), canadian),
      namesTrusted: true,
    },
  };
}
