import { otsuThreshold } from './document-crop.js';
import type { GreyImage } from './images.js';

/** A point in an image, in pixels. */
export type Point = { readonly x: number; readonly y: number };

/** A document's four corners in a photo: top left, top right, bottom right, bottom left (as the document reads). */
export type Quad = readonly [Point, Point, Point, Point];

/** The width the document's outline is looked for at (the outline needs no detail; the search's time grows with it). */
const QUAD_SEARCH_WIDTH = 480;

/** A straight line as `across = a + b · along` (a side's points, `along` the coordinate it runs along). */
type Line = { readonly a: number; readonly b: number };

/**
 * The line nearest the points (least squares), fitted again twice without the points farther than twice the usual
 * miss (a corner's rounding, a finger, a shadow), with the median miss of the points kept; null with too few points.
 */
function robustLine(along: readonly number[], across: readonly number[]): { line: Line; miss: number } | null {
  let kept = along.map((_, index) => index);
  let line: Line = { a: 0, b: 0 };
  let miss = Infinity;
  for (let round = 0; round < 3; round++) {
    if (kept.length < 8) return null;
    const n = kept.length;
    const meanAlong = kept.reduce((sum, index) => sum + along[index]!, 0) / n;
    const meanAcross = kept.reduce((sum, index) => sum + across[index]!, 0) / n;
    let [covariance, variance] = [0, 0];
    for (const index of kept) {
      covariance += (along[index]! - meanAlong) * (across[index]! - meanAcross);
      variance += (along[index]! - meanAlong) ** 2;
    }
    const b = variance > 0 ? covariance / variance : 0;
    line = { a: meanAcross - b * meanAlong, b };
    const misses = along.map((value, index) => Math.abs(across[index]! - (line.a + line.b * value)));
    const keptMisses = kept.map((index) => misses[index]!).sort((x, y) => x - y);
    miss = keptMisses[Math.floor(keptMisses.length / 2)]!;
    const limit = Math.max(1, 2.5 * miss);
    kept = kept.filter((index) => misses[index]! <= limit);
  }
  return { line, miss };
}

/** Where a side running down (x = a + b·y) meets a side running across (y = a + b·x). */
function meeting(down: Line, across: Line): Point {
  // x = d.a + d.b · y, y = c.a + c.b · x  =>  x = d.a + d.b · (c.a + c.b · x)
  const x = (down.a + down.b * across.a) / (1 - down.b * across.b);
  return { x, y: across.a + across.b * x };
}

/**
 * The largest region of light pixels (4-connected) in `mask` (1: light), as a mask of its own, with its size; the
 * desk's reflections and light parts of the background are other regions.
 */
function largestRegion(mask: Uint8Array, width: number): { region: Uint8Array; size: number } {
  const label = new Int32Array(mask.length);
  const stack = new Int32Array(mask.length);
  let [best, bestSize, next] = [0, 0, 1];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    let [top, size] = [0, 0];
    stack[top++] = start;
    label[start] = next;
    while (top > 0) {
      const at = stack[--top]!;
      size++;
      const x = at % width;
      const neighbours = [x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1, at - width, at + width];
      for (const other of neighbours)
        if (other >= 0 && other < mask.length && mask[other] && !label[other]) {
          label[other] = next;
          stack[top++] = other;
        }
    }
    if (size > bestSize) [best, bestSize] = [next, size];
    next++;
  }
  const region = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) if (label[i] === best) region[i] = 1;
  return { region, size: bestSize };
}

/** A small copy of `image` (at most `width` wide), each pixel the mean of the block it covers. */
function shrunk(image: GreyImage, width: number): { small: GreyImage; scale: number } {
  const factor = Math.max(1, Math.ceil(image.width / width));
  const [w, h] = [Math.floor(image.width / factor), Math.floor(image.height / factor)];
  const pixels = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * image.width + x * factor;
        for (let dx = 0; dx < factor; dx++) sum += image.pixels[row + dx]!;
      }
      pixels[y * w + x] = sum / (factor * factor);
    }
  return { small: { pixels, width: w, height: h }, scale: factor };
}

/**
 * The four corners of a document photographed on a darker background, at an angle or turned: the largest light
 * region's outline, each of its four sides a straight line fitted through the outline's points along the middle of
 * that side (the rounded corners and whatever lies across a corner left out), the corners where the lines meet.
 * Null when no such document stands out: the light region fills the photo or touches its edges along a side (a scan,
 * a photo filled by the document), is small, or its sides are not straight (no document's outline).
 */
export function documentQuad(image: GreyImage): Quad | null {
  const { small, scale } = shrunk(image, QUAD_SEARCH_WIDTH);
  const { width, height, pixels } = small;
  // As `documentBox`: halfway down from Otsu's threshold to the mean below it (a shaded side stays document).
  const otsu = otsuThreshold(small);
  let [belowSum, belowCount] = [0, 0];
  for (const pixel of pixels)
    if (pixel <= otsu) {
      belowSum += pixel;
      belowCount++;
    }
  if (belowCount === 0) return null;
  const threshold = (otsu + belowSum / belowCount) / 2;
  const mask = new Uint8Array(pixels.length);
  for (let i = 0; i < pixels.length; i++) if (pixels[i]! > threshold) mask[i] = 1;
  const { region, size } = largestRegion(mask, width);
  const share = size / (width * height);
  if (share < 0.15 || share > 0.9) return null;
  // The region's extent, then its outline's points on each side, along the middle 70 % of that side.
  let [minX, maxX, minY, maxY] = [width, -1, height, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (region[y * width + x]) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
  // A region reaching the photo's edges: its outline there is the photo's, not the document's.
  if (minX <= 1 || minY <= 1 || maxX >= width - 2 || maxY >= height - 2) return null;
  const side = (
    count: number,
    first: number,
    last: number,
    firstInside: (at: number) => number,
    lastInside: (at: number) => number,
  ) => {
    const [along, nearSide, farSide] = [[] as number[], [] as number[], [] as number[]];
    const [from, to] = [first + (last - first) * 0.15, first + (last - first) * 0.85];
    for (let at = Math.ceil(from); at <= to && at < count; at++) {
      const [near, far] = [firstInside(at), lastInside(at)];
      if (near < 0 || far < 0) continue;
      along.push(at);
      nearSide.push(near);
      farSide.push(far);
    }
    return { along, nearSide, farSide };
  };
  const rowEnds = side(
    height,
    minY,
    maxY,
    (y) => {
      for (let x = 0; x < width; x++) if (region[y * width + x]) return x;
      return -1;
    },
    (y) => {
      for (let x = width - 1; x >= 0; x--) if (region[y * width + x]) return x + 1;
      return -1;
    },
  );
  const columnEnds = side(
    width,
    minX,
    maxX,
    (x) => {
      for (let y = 0; y < height; y++) if (region[y * width + x]) return y;
      return -1;
    },
    (x) => {
      for (let y = height - 1; y >= 0; y--) if (region[y * width + x]) return y + 1;
      return -1;
    },
  );
  const left = robustLine(rowEnds.along, rowEnds.nearSide);
  const right = robustLine(rowEnds.along, rowEnds.farSide);
  const top = robustLine(columnEnds.along, columnEnds.nearSide);
  const bottom = robustLine(columnEnds.along, columnEnds.farSide);
  if (!left || !right || !top || !bottom) return null;
  // A document's sides are straight: the outline's points lie within a pixel or two of each line (not a torn
  // region, not a hand holding it across a side).
  if (Math.max(left.miss, right.miss, top.miss, bottom.miss) > 2) return null;
  // Sides running about as a document's do: within 25° of upright (or level).
  if ([left, right, top, bottom].some(({ line }) => Math.abs(line.b) > Math.tan((25 * Math.PI) / 180))) return null;
  const corners = [
    meeting(left.line, top.line),
    meeting(right.line, top.line),
    meeting(right.line, bottom.line),
    meeting(left.line, bottom.line),
  ];
  // The corners inside the photo (a little outside allowed: a rounded corner's lines meet beyond it) and the outline
  // convex.
  if (corners.some(({ x, y }) => x < -3 || y < -3 || x > width + 3 || y > height + 3)) return null;
  for (let i = 0; i < 4; i++) {
    const [p, q, r] = [corners[i]!, corners[(i + 1) % 4]!, corners[(i + 2) % 4]!];
    if ((q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x) <= 0) return null;
  }
  const full = corners.map(({ x, y }) => ({
    x: Math.min(image.width, Math.max(0, x * scale)),
    y: Math.min(image.height, Math.max(0, y * scale)),
  }));
  return full as unknown as Quad;
}

/** The 3 × 3 homography (row after row, the last entry 1) taking the unit square's corners to `quad`'s. */
function squareTo(quad: Quad): number[] {
  const [p0, p1, p2, p3] = quad;
  const [dx1, dx2, dx3] = [p1.x - p2.x, p3.x - p2.x, p0.x - p1.x + p2.x - p3.x];
  const [dy1, dy2, dy3] = [p1.y - p2.y, p3.y - p2.y, p0.y - p1.y + p2.y - p3.y];
  const det = dx1 * dy2 - dx2 * dy1;
  const g = (dx3 * dy2 - dx2 * dy3) / det;
  const h = (dx1 * dy3 - dx3 * dy1) / det;
  return [
    p1.x - p0.x + g * p1.x,
    p3.x - p0.x + h * p3.x,
    p0.x,
    p1.y - p0.y + g * p1.y,
    p3.y - p0.y + h * p3.y,
    p0.y,
    g,
    h,
    1,
  ];
}

const distance = (p: Point, q: Point) => Math.hypot(p.x - q.x, p.y - q.y);

/**
 * The document inside `quad` as a flat, upright rectangle (a perspective warp: each pixel looked up in the photo
 * through the homography, bilinear), as wide as the quad's longer top or bottom side and as high as its longer left
 * or right one.
 */
export function warpedQuad(image: GreyImage, quad: Quad): GreyImage {
  const [p0, p1, p2, p3] = quad;
  const width = Math.max(2, Math.round(Math.max(distance(p0, p1), distance(p3, p2))));
  const height = Math.max(2, Math.round(Math.max(distance(p0, p3), distance(p1, p2))));
  const [a, b, c, d, e, f, g, h] = squareTo(quad) as [number, number, number, number, number, number, number, number];
  const out = new Uint8Array(width * height);
  const source = image.pixels;
  const [maxX, maxY] = [image.width - 1, image.height - 1];
  for (let y = 0; y < height; y++) {
    const v = y / (height - 1);
    for (let x = 0; x < width; x++) {
      const u = x / (width - 1);
      const w = g * u + h * v + 1;
      const sx = Math.min(maxX, Math.max(0, (a * u + b * v + c) / w));
      const sy = Math.min(maxY, Math.max(0, (d * u + e * v + f) / w));
      const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
      const [x1, y1] = [Math.min(maxX, x0 + 1), Math.min(maxY, y0 + 1)];
      const [fx, fy] = [sx - x0, sy - y0];
      const top = source[y0 * image.width + x0]! * (1 - fx) + source[y0 * image.width + x1]! * fx;
      const bottom = source[y1 * image.width + x0]! * (1 - fx) + source[y1 * image.width + x1]! * fx;
      out[y * width + x] = top * (1 - fy) + bottom * fy + 0.5;
    }
  }
  return { pixels: out, width, height };
}
