import type { GreyImage } from './images.js';

/** Otsu's threshold of the image's histogram: the grey level that best splits it in two. */
export function otsuThreshold(image: GreyImage): number {
  const histogram = new Float64Array(256);
  for (const pixel of image.pixels) histogram[pixel]! += 1;
  const total = image.pixels.length;
  let sum = 0;
  for (let level = 0; level < 256; level++) sum += level * histogram[level]!;
  let below = 0;
  let belowSum = 0;
  let best = 127;
  let bestVariance = -1;
  for (let level = 0; level < 256; level++) {
    below += histogram[level]!;
    if (below === 0 || below === total) continue;
    belowSum += level * histogram[level]!;
    const meanBelow = belowSum / below;
    const meanAbove = (sum - belowSum) / (total - below);
    const variance = below * (total - below) * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) [best, bestVariance] = [level, variance];
  }
  return best;
}

/**
 * Where the document lies in a photo of it on a darker background: the bounding box of the largest light region
 * (rows and columns mostly above a threshold below Otsu's). The whole image when no such region stands out (a scan, or a
 * photo filled by the document).
 */
export function documentBox(image: GreyImage): { left: number; top: number; width: number; height: number } {
  const whole = { left: 0, top: 0, width: image.width, height: image.height };
  // Halfway down from Otsu's threshold to the mean of what lies below it: the shaded side of a document in uneven
  // light (between the desk and the lit side) counts as document, not desk.
  const otsu = otsuThreshold(image);
  let [belowSum, belowCount] = [0, 0];
  for (const pixel of image.pixels)
    if (pixel <= otsu) {
      belowSum += pixel;
      belowCount++;
    }
  const threshold = belowCount > 0 ? (otsu + belowSum / belowCount) / 2 : otsu;
  const { width, height, pixels } = image;
  const lightInRow = new Float64Array(height);
  const lightInColumn = new Float64Array(width);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (pixels[y * width + x]! > threshold) {
        lightInRow[y]! += 1;
        lightInColumn[x]! += 1;
      }
  const span = (counts: Float64Array, across: number) => {
    // The longest run of rows (columns) whose light share is at least a third of the fullest's.
    const peak = Math.max(...counts);
    let [start, end, runStart] = [0, -1, -1];
    for (let i = 0; i <= counts.length; i++) {
      const light = i < counts.length && counts[i]! >= peak / 3 && counts[i]! > across * 0.15;
      if (light && runStart < 0) runStart = i;
      if (!light && runStart >= 0) {
        if (i - runStart > end - start + 1) [start, end] = [runStart, i - 1];
        runStart = -1;
      }
    }
    return { start, end };
  };
  const rows = span(lightInRow, width);
  const columns = span(lightInColumn, height);
  const box = {
    left: columns.start,
    top: rows.start,
    width: columns.end - columns.start + 1,
    height: rows.end - rows.start + 1,
  };
  const share = (box.width * box.height) / (width * height);
  if (!(box.width > 0 && box.height > 0 && share > 0.1 && share < 0.92)) return whole;
  // Uneven light darkens a side of the document below the threshold: a margin keeps its edge (and its zone's ends).
  const [marginX, marginY] = [box.width * 0.02, box.height * 0.02];
  const left = Math.max(0, box.left - marginX);
  const top = Math.max(0, box.top - marginY);
  return {
    left,
    top,
    width: Math.min(width, box.left + box.width + marginX) - left,
    height: Math.min(height, box.top + box.height + marginY) - top,
  };
}
