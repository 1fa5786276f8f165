import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { facePhoto } from './faces.js';
import { randomOf, td1Lines, td3Lines, type Person, type Random } from './people.js';

/** A synthetic document: the image, and what it says (the truth a reading is scored against). */
export type CorpusDocument = {
  readonly kind: 'TD3' | 'TD1' | 'AAMVA';
  readonly person: Person;
  readonly issuingCountry: string;
  readonly issuingRegion: string | null;
  readonly documentNumber: string;
  readonly expiryDate: string;
  /** The face printed as the portrait (an index of the corpus's faces). */
  readonly face: number;
  /** The barcode's text or the zone's lines. */
  readonly encoded: string;
  readonly png: Buffer;
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** 10 pixels a millimetre: an MRZ character is about 25 pixels wide, as in a phone's photo of a page. */
const PX_PER_MM = 10;

/**
 * A document's printed background: a light tint and, when `look` is given, a pattern of fine wavy lines (the guilloche
 * of a real document's security print) in a tint and phase of its own, under the text and, fainter (ICAO 9303 asks
 * for a zone whose background does not disturb reading), under the zone (`zoneTop` down).
 */
function background(width: number, height: number, look: number | undefined, zoneTop: number): string {
  const base = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef3f7"/><stop offset="1" stop-color="#e3ecef"/></linearGradient></defs>
    <rect width="100%" height="100%" rx="24" fill="url(#g)"/>`;
  if (look === undefined) return base;
  const random = randomOf(1000 + look);
  const hue = random.int(0, 359);
  const tint = `<rect width="100%" height="100%" rx="24" fill="hsl(${hue},45%,90%)"/>`;
  const lines: string[] = [];
  const [period, amplitude, phase] = [random.int(60, 140), random.int(8, 22), random.next() * 6.28];
  for (let row = 0; row < height; row += random.int(9, 14)) {
    const points: string[] = [];
    for (let x = 0; x <= width; x += 12)
      points.push(`${x},${(row + amplitude * Math.sin((x / period) * 6.28 + phase + row / 37)).toFixed(1)}`);
    lines.push(
      `<polyline points="${points.join(' ')}" fill="none" stroke="hsl(${(hue + 30) % 360},40%,72%)" stroke-width="1.2"/>`,
    );
  }
  const zoneVeil = `<rect x="0" y="${zoneTop}" width="${width}" height="${height - zoneTop}" fill="hsl(${hue},45%,92%)" fill-opacity="0.65"/>`;
  return tint + lines.join('') + zoneVeil;
}

async function card({
  widthMm,
  heightMm,
  title,
  fields,
  face,
  bottom,
  bottomHeight,
  look,
}: {
  widthMm: number;
  heightMm: number;
  title: string;
  fields: [string, string][];
  face: number;
  bottom: string;
  /** Pixels the bottom (zone or barcode) takes: the portrait stays above it. */
  bottomHeight: number;
  /** A seed for the printed background's tint and pattern; the plain tint when unsaid. */
  look?: number | undefined;
}): Promise<Buffer> {
  const width = widthMm * PX_PER_MM;
  const height = heightMm * PX_PER_MM;
  const portraitHeight = Math.min(width * 0.27 * 1.27, height - bottomHeight - 110);
  const portrait = (await facePhoto(face, 'portrait')).toString('base64');
  const text = fields
    .map(
      ([label, value], index) =>
        `<text x="${width * 0.36}" y="${110 + index * 56}" font-family="DejaVu Sans" font-size="18" fill="#556">${escape(label)}</text>` +
        `<text x="${width * 0.36}" y="${134 + index * 56}" font-family="DejaVu Sans" font-size="24" fill="#111">${escape(value)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    ${background(width, height, look, height - bottomHeight)}
    <text x="40" y="62" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#234">${escape(title)}</text>
    <image x="40" y="90" width="${portraitHeight / 1.27}" height="${portraitHeight}" href="data:image/png;base64,${portrait}"/>
    ${text}
    ${bottom}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The zone's lines in OCR-B (an advance of 0.72 em), centred, 5 mm from the bottom edge; with a `look`, the size,
 * spacing and place vary a little, as they do between issuers.
 */
function mrzText(lines: string[], widthMm: number, heightMm: number, look?: number): { svg: string; height: number } {
  const width = widthMm * PX_PER_MM;
  const height = heightMm * PX_PER_MM;
  const random = look === undefined ? null : randomOf(2000 + look);
  const scale = random ? 0.88 + random.next() * 0.12 : 1;
  const fontSize = Math.min(37, (width - 70) / lines[0]!.length / 0.72) * scale;
  const lineHeight = fontSize * (random ? 1.3 + random.next() * 0.25 : 1.4);
  const shift = random ? (random.next() - 0.5) * (width - lines[0]!.length * fontSize * 0.72) * 0.6 : 0;
  const top = height - (random ? random.int(30, 55) : 40) - lineHeight * lines.length;
  const svg = lines
    .map(
      (line, index) =>
        `<text x="${(width - line.length * fontSize * 0.72) / 2 + shift}" y="${top + lineHeight * (index + 1)}" font-family="OCR B" font-size="${fontSize}" fill="#111">${escape(line)}</text>`,
    )
    .join('');
  return { svg, height: height - top };
}

/** What a document with a machine-readable zone shows; `edit` changes its lines (to make tampered documents). */
export type ZoneDocumentSpec = {
  person: Person;
  country: string;
  number: string;
  expiry: string;
  face: number;
  edit?: (lines: string[]) => string[];
  /** A seed varying the print (background pattern, the zone's size and place); the plain print when unsaid. */
  look?: number;
};

/** A passport's data page (TD3: 125 × 88 mm) or an identity card (TD1: 85.6 × 54 mm, its zone on the portrait's side). */
export async function zoneDocument(format: 'TD3' | 'TD1', spec: ZoneDocumentSpec) {
  const { person, country, expiry, edit = (lines) => lines } = spec;
  const passport = format === 'TD3';
  const lines = edit((passport ? td3Lines : td1Lines)(person, country, spec.number, expiry));
  const [widthMm, heightMm] = passport ? [125, 88] : [86, 54];
  const zone = mrzText(lines, widthMm, heightMm, spec.look);
  const fields: [string, string][] = passport
    ? [
        ['Surname', person.lastName],
        ['Given names', [person.firstName, person.middleName].filter(Boolean).join(' ')],
        ['Date of birth', person.birthDate],
        ['Date of expiry', expiry],
      ]
    : [
        ['Name', `${person.lastName}, ${person.firstName}`],
        ['Born', person.birthDate],
      ];
  const title = `${passport ? 'PASSPORT' : 'IDENTITY CARD'}  ${country}`;
  const png = await card({
    widthMm,
    heightMm,
    title,
    fields,
    face: spec.face,
    bottom: zone.svg,
    bottomHeight: zone.height,
    look: spec.look,
  });
  return { lines, png };
}

/** The issuer identification numbers of the licences the corpus makes. */
export const AAMVA_ISSUERS: Record<string, { iin: string; country: 'USA' | 'CAN' }> = {
  CA: { iin: '636014', country: 'USA' },
  NY: { iin: '636001', country: 'USA' },
  TX: { iin: '636015', country: 'USA' },
  ON: { iin: '636012', country: 'CAN' },
  BC: { iin: '636028', country: 'CAN' },
  QC: { iin: '604428', country: 'CAN' },
};

/** An AAMVA payload (version 9): US dates MMDDCCYY, Canadian CCYYMMDD. */
export function aamvaPayload(person: Person, region: string, number: string, expiry: string): string {
  const { iin, country } = AAMVA_ISSUERS[region]!;
  const date = (value: string) =>
    country === 'USA' ? value.slice(5, 7) + value.slice(8, 10) + value.slice(0, 4) : value.replace(/-/g, '');
  const upper = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  const elements = [
    `DAQ${number}`,
    `DCS${upper(person.lastName)}`,
    `DAC${upper(person.firstName)}`,
    `DAD${person.middleName ? upper(person.middleName) : 'NONE'}`,
    `DBD${date('2022-03-01')}`,
    `DBB${date(person.birthDate)}`,
    `DBA${date(expiry)}`,
    `DBC${person.sex === 'F' ? '2' : '1'}`,
    `DAG1 MAIN STREET`,
    `DAI SPRINGFIELD`,
    `DAJ${region}`,
    `DAK123450000`,
    `DCG${country}`,
  ];
  const body = `DL${elements.join('\n')}\r`;
  return `@\n\x1e\rANSI ${iin}090001DL00410${String(body.length).padStart(3, '0')}${body}`;
}

/** A licence's back: its PDF417 barcode (85.6 × 54 mm). */
export async function licence(person: Person, region: string, number: string, expiry: string, face: number) {
  const payload = aamvaPayload(person, region, number, expiry);
  const barcode = await bwipjs.toBuffer({ bcid: 'pdf417', text: payload, scale: 2, height: 2, padding: 4 });
  const code = (await sharp(barcode).resize({ width: 760 }).png().toBuffer()).toString('base64');
  const png = await card({
    widthMm: 86,
    heightMm: 54,
    title: `DRIVER LICENCE  ${region}`,
    fields: [['Name', `${person.firstName} ${person.lastName}`]],
    face,
    bottom: `<image x="50" y="280" width="760" height="240" preserveAspectRatio="xMidYMid meet" href="data:image/png;base64,${code}"/>`,
    bottomHeight: 270,
  });
  return { payload, png };
}

/** A photo as a phone would upload it: a JPEG. */
export const asJpeg = (png: Buffer): Promise<Buffer> =>
  sharp(png).flatten({ background: '#ffffff' }).jpeg({ quality: 88 }).toBuffer();

export type Variant =
  'clean' | 'rotated' | 'jpeg' | 'blur' | 'low_contrast' | 'uneven_light' | 'photo' | 'perspective' | 'small';
export const VARIANTS: readonly Variant[] = [
  'clean',
  'rotated',
  'jpeg',
  'blur',
  'low_contrast',
  'uneven_light',
  'photo',
  'perspective',
  'small',
];

/** A signed angle of 2 to 8 degrees. */
const tilt = (random: Random) => (random.next() < 0.5 ? -1 : 1) * (2 + random.next() * 6);

async function unevenLight(png: Buffer, strength: number): Promise<Buffer> {
  const { width, height } = await sharp(png).metadata();
  const shade = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="l" cx="0.2" cy="0.25" r="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="rgb(${255 - strength},${255 - strength},${255 - strength})"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#l)"/></svg>`;
  return sharp(png)
    .composite([{ input: Buffer.from(shade), blend: 'multiply' }])
    .png()
    .toBuffer();
}

/** The 3 × 3 homography taking the unit square's corners (0,0), (1,0), (1,1), (0,1) to `corners`. */
function squareTo(corners: readonly [number, number][]): number[] {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = corners as [
    [number, number],
    [number, number],
    [number, number],
    [number, number],
  ];
  const [dx1, dx2, dx3] = [x1 - x2, x3 - x2, x0 - x1 + x2 - x3];
  const [dy1, dy2, dy3] = [y1 - y2, y3 - y2, y0 - y1 + y2 - y3];
  const det = dx1 * dy2 - dx2 * dy1;
  const g = (dx3 * dy2 - dx2 * dy3) / det;
  const h = (dx1 * dy3 - dx3 * dy1) / det;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

/**
 * A photo taken from an angle: the document's far edge shorter than its near one (a keystone), on a desk, turned a
 * little, in a phone's JPEG. Each output pixel is looked up in the document (the inverse of the warp, bilinear).
 */
async function perspective(png: Buffer, random: Random): Promise<Buffer> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const [frameWidth, frameHeight] = [Math.round(width * 1.25), Math.round(height * 1.35)];
  const inset = width * (0.05 + random.next() * 0.07);
  const skew = width * (random.next() - 0.5) * 0.06;
  const left = width * 0.12;
  const top = height * 0.15;
  const farTop = random.next() < 0.5;
  const corners: [number, number][] = farTop
    ? [
        [left + inset + skew, top],
        [left + width - inset + skew, top],
        [left + width, top + height * 0.92],
        [left, top + height * 0.92],
      ]
    : [
        [left, top],
        [left + width, top],
        [left + width - inset + skew, top + height * 0.92],
        [left + inset + skew, top + height * 0.92],
      ];
  // The inverse: from the frame back to the unit square (the adjugate of the forward matrix), then to the document.
  const [a, b, c, d, e, f, g, h, i] = squareTo(corners) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const inverse = [
    e * i - f * h,
    c * h - b * i,
    b * f - c * e,
    f * g - d * i,
    a * i - c * g,
    c * d - a * f,
    d * h - e * g,
    b * g - a * h,
    a * e - b * d,
  ];
  const desk = [random.int(70, 110), random.int(50, 80), random.int(35, 60)];
  const out = Buffer.alloc(frameWidth * frameHeight * 3);
  for (let y = 0; y < frameHeight; y++)
    for (let x = 0; x < frameWidth; x++) {
      const w = inverse[6]! * x + inverse[7]! * y + inverse[8]!;
      const u = ((inverse[0]! * x + inverse[1]! * y + inverse[2]!) / w) * (width - 1);
      const v = ((inverse[3]! * x + inverse[4]! * y + inverse[5]!) / w) * (height - 1);
      const at = (y * frameWidth + x) * 3;
      if (u < 0 || v < 0 || u > width - 1 || v > height - 1) {
        out.set(desk, at);
        continue;
      }
      const [u0, v0] = [Math.floor(u), Math.floor(v)];
      const [u1, v1] = [Math.min(width - 1, u0 + 1), Math.min(height - 1, v0 + 1)];
      const [fu, fv] = [u - u0, v - v0];
      for (let channel = 0; channel < 3; channel++) {
        const pixel = (px: number, py: number) => data[(py * width + px) * 3 + channel]!;
        out[at + channel] =
          (pixel(u0, v0) * (1 - fu) + pixel(u1, v0) * fu) * (1 - fv) +
          (pixel(u0, v1) * (1 - fu) + pixel(u1, v1) * fu) * fv;
      }
    }
  const framed = await sharp(out, { raw: { width: frameWidth, height: frameHeight, channels: 3 } })
    .rotate((random.next() - 0.5) * 6, { background: { r: desk[0]!, g: desk[1]!, b: desk[2]! } })
    .png()
    .toBuffer();
  return sharp(await unevenLight(framed, random.int(40, 80)))
    .blur(0.7)
    .jpeg({ quality: random.int(60, 80) })
    .toBuffer();
}

/** The document's image as `variant` degrades it: the file an applicant would upload. */
export async function degraded(png: Buffer, variant: Variant, random: Random): Promise<Buffer> {
  switch (variant) {
    case 'clean':
      return png;
    case 'rotated':
      return sharp(png).rotate(tilt(random), { background: '#ffffff' }).png().toBuffer();
    case 'jpeg':
      return sharp(png)
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: random.int(30, 50) })
        .toBuffer();
    case 'blur':
      return sharp(png)
        .blur(1 + random.next() * 0.6)
        .png()
        .toBuffer();
    case 'low_contrast':
      return sharp(png).flatten({ background: '#ffffff' }).linear(0.35, 120).png().toBuffer();
    case 'uneven_light':
      return unevenLight(png, random.int(90, 130));
    case 'photo': {
      // A page on a desk, photographed: turned, smaller in a larger frame, the light uneven, a phone's JPEG.
      const turned = await sharp(png)
        .rotate(tilt(random), { background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      const { width = 0, height = 0 } = await sharp(turned).metadata();
      const frame = { width: Math.round(width * 1.3), height: Math.round(height * 1.35) };
      const desk = await sharp({
        create: {
          ...frame,
          channels: 3,
          background: { r: random.int(70, 110), g: random.int(50, 80), b: random.int(35, 60) },
        },
      })
        .composite([{ input: turned, left: Math.round(width * 0.12), top: Math.round(height * 0.15) }])
        .png()
        .toBuffer();
      return sharp(await unevenLight(desk, random.int(50, 90)))
        .blur(0.8)
        .jpeg({ quality: 70 })
        .toBuffer();
    }
    case 'perspective':
      return perspective(png, random);
    case 'small': {
      // A photo from farther away: the document at half its size or less (an MRZ character 10–13 pixels wide).
      const { width = 0 } = await sharp(png).metadata();
      return sharp(png)
        .flatten({ background: '#ffffff' })
        .resize({ width: Math.round(width * (0.4 + random.next() * 0.12)) })
        .jpeg({ quality: random.int(70, 90) })
        .toBuffer();
    }
  }
}
