import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/**
 * The faces of the corpus: the 22 faces in the six stock photos that `@vladmandic/face-api` ships as demo images
 * (boxes found once with its detector). The people are not labelled: a face is paired as "different person" only
 * with faces of other photos, and as "same person" only with an edited copy of itself.
 */
const FACE_BOXES: readonly [photo: number, left: number, top: number, width: number, height: number][] = [
  [1, 414, 355, 177, 240],
  [1, 838, 421, 186, 228],
  [1, 1476, 199, 203, 241],
  [2, 1447, 153, 194, 242],
  [2, 902, 220, 151, 233],
  [2, 361, 126, 153, 259],
  [3, 585, 329, 199, 271],
  [3, 1514, 292, 170, 280],
  [3, 1075, 215, 220, 299],
  [4, 664, 53, 187, 258],
  [4, 257, 185, 162, 245],
  [4, 989, 180, 169, 227],
  [4, 1277, 144, 145, 244],
  [5, 787, 109, 156, 212],
  [5, 1113, 198, 158, 236],
  [5, 1406, 390, 165, 271],
  [5, 598, 415, 166, 249],
  [5, 377, 859, 172, 301],
  [6, 681, 321, 160, 307],
  [6, 1180, 305, 188, 280],
  [6, 1487, 263, 212, 296],
  [6, 250, 468, 210, 291],
];

export const FACE_COUNT = FACE_BOXES.length;

/** The stock photo a face comes from: faces of one photo are never paired as different people. */
export const photoOfFace = (face: number) => FACE_BOXES[face % FACE_COUNT]![0];

const demoFolder = () =>
  path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo');

/**
 * Face `face` cut from its photo with a margin (`margin` of its size around it), as a PNG: the document's portrait
 * (`variant` 0) or a selfie, an edited copy (another margin, brightness, a slight turn, JPEG).
 */
export async function facePhoto(face: number, variant: 'portrait' | 'selfie'): Promise<Buffer> {
  const [photo, left, top, width, height] = FACE_BOXES[face % FACE_COUNT]!;
  const source = sharp(path.join(demoFolder(), `sample${photo}.jpg`));
  const { width: photoWidth, height: photoHeight } = await source.metadata();
  const margin = variant === 'portrait' ? 0.25 : 0.6;
  const box = {
    left: Math.max(0, Math.round(left - width * margin)),
    top: Math.max(0, Math.round(top - height * margin)),
  };
  const extract = {
    ...box,
    width: Math.min(photoWidth - box.left, Math.round(width * (1 + 2 * margin))),
    height: Math.min(photoHeight - box.top, Math.round(height * (1 + 2 * margin))),
  };
  const cut = sharp(path.join(demoFolder(), `sample${photo}.jpg`)).extract(extract);
  if (variant === 'portrait') return cut.resize(300, 380, { fit: 'cover' }).greyscale().png().toBuffer();
  return sharp(await cut.resize(640, 800, { fit: 'cover' }).toBuffer())
    .rotate(4, { background: '#d8d8d8' })
    .modulate({ brightness: 1.12 })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * A photo of the document held beside a face (face `face`'s selfie, larger than the portrait): what an applicant with
 * someone else's document would upload to have their own face taken for its portrait.
 */
export async function besideFace(png: Buffer, face: number): Promise<Buffer> {
  const document = await sharp(png).flatten({ background: '#ffffff' }).png().toBuffer();
  const { width = 0, height = 0 } = await sharp(document).metadata();
  const selfie = await sharp(await facePhoto(face, 'selfie'))
    .resize({ height })
    .png()
    .toBuffer();
  const { width: selfieWidth = 0 } = await sharp(selfie).metadata();
  return sharp({ create: { width: width + selfieWidth + 60, height: height + 40, channels: 3, background: '#606060' } })
    .composite([
      { input: selfie, left: 20, top: 20 },
      { input: document, left: selfieWidth + 40, top: 20 },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
}
