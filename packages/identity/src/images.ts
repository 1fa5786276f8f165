import sharp from 'sharp';

/** A greyscale image in memory, one byte a pixel, row after row. */
export type GreyImage = { readonly pixels: Uint8Array; readonly width: number; readonly height: number };

/** The longest side an uploaded photo is worked on at: enough for an MRZ line of 44 characters and a PDF417 code. */
const WORKING_SIDE = 2000;

/**
 * The photo as the camera saw it: turned upright by its EXIF orientation, at most `WORKING_SIDE` pixels a side,
 * greyscale. Decoded in memory (sharp reads the buffer; nothing is written to disk). Throws on bytes that are not an
 * image sharp can decode.
 */
export async function greyImageOf(bytes: Uint8Array): Promise<GreyImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: WORKING_SIDE, height: WORKING_SIDE, fit: 'inside', withoutEnlargement: true })
    // Transparent parts (a scan's rounded corners) are paper, not ink.
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** An RGB image in memory, three bytes a pixel, row after row. */
export type RgbImage = { readonly pixels: Uint8Array; readonly width: number; readonly height: number };

/** The photo upright by its EXIF orientation, in RGB, at most `WORKING_SIDE` pixels a side (for the face model). */
export async function rgbImageOf(bytes: Uint8Array): Promise<RgbImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: WORKING_SIDE, height: WORKING_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/**
 * The rectangle `box` of `image` (which may reach beyond its edges: the outside is grey), scaled so that its longer
 * side is `side` pixels.
 */
export async function rgbRegion(
  image: RgbImage,
  box: { left: number; top: number; width: number; height: number },
  side: number,
): Promise<RgbImage> {
  const left = Math.max(0, Math.round(box.left));
  const top = Math.max(0, Math.round(box.top));
  const right = Math.min(image.width, Math.round(box.left + box.width));
  const bottom = Math.min(image.height, Math.round(box.top + box.height));
  const scale = side / Math.max(box.width, box.height);
  const inside = {
    width: Math.max(1, Math.round((right - left) * scale)),
    height: Math.max(1, Math.round((bottom - top) * scale)),
  };
  const pad = (length: number) => Math.max(0, Math.round(length * scale));
  // sharp extracts, then resizes, then extends: the part inside the image, scaled, with the grey outside added.
  const { data, info } = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract({ left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) })
    .resize(inside.width, inside.height, { fit: 'fill' })
    .extend({
      left: pad(left - box.left),
      top: pad(top - box.top),
      right: pad(box.left + box.width - right),
      bottom: pad(box.top + box.height - bottom),
      background: '#e0e0e0',
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** `image` turned by `degrees` (clockwise), the corners filled white like paper. */
export async function rotated(image: GreyImage, degrees: number): Promise<GreyImage> {
  if (Math.abs(degrees) < 0.05) return image;
  const { data, info } = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } })
    .rotate(degrees, { background: { r: 255, g: 255, b: 255 } })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** The part of `image` inside the rectangle (clamped to the image). */
export function cropped(
  image: GreyImage,
  box: { left: number; top: number; width: number; height: number },
): GreyImage {
  const left = Math.max(0, Math.floor(box.left));
  const top = Math.max(0, Math.floor(box.top));
  const width = Math.max(1, Math.min(image.width - left, Math.floor(box.width)));
  const height = Math.max(1, Math.min(image.height - top, Math.floor(box.height)));
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    pixels.set(
      image.pixels.subarray((top + y) * image.width + left, (top + y) * image.width + left + width),
      y * width,
    );
  return { pixels, width, height };
}

/** `image` scaled so that its width is `width` (kept as is when it is that wide already). */
export async function scaledToWidth(image: GreyImage, width: number): Promise<GreyImage> {
  if (image.width === width) return image;
  const { data, info } = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize({ width })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/**
 * Black text on white: each pixel compared with the mean of its neighbourhood (a window of `radius` pixels each side),
 * so that uneven light and low contrast do not swallow the characters. Returns 0 for ink, 255 for paper.
 */
export function binarised(image: GreyImage, radius: number, bias = 12): GreyImage {
  const { width, height, pixels } = image;
  // Summed-area table: the mean of any window in four look-ups.
  const sums = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += pixels[y * width + x]!;
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1]! + row;
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const total =
        sums[y1 * (width + 1) + x1]! -
        sums[y0 * (width + 1) + x1]! -
        sums[y1 * (width + 1) + x0]! +
        sums[y0 * (width + 1) + x0]!;
      const mean = total / ((y1 - y0) * (x1 - x0));
      out[y * width + x] = pixels[y * width + x]! < mean - bias ? 0 : 255;
    }
  }
  return { pixels: out, width, height };
}

/**
 * The image as a binary PGM file in memory (what the OCR engine reads): a header and the pixels as they are, so
 * nothing is compressed only to be decompressed again.
 */
export function pgmOf(image: GreyImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
  return Buffer.concat([header, image.pixels]);
}
