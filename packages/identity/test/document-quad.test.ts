import { describe, expect, it } from 'vitest';
import { documentQuad, warpedQuad, type Point, type Quad } from '../src/document-quad.js';
import type { GreyImage } from '../src/images.js';

/** Whether `point` lies inside the convex `quad` (its corners clockwise, as an image's y runs down). */
function inside(quad: Quad, point: Point): boolean {
  for (let i = 0; i < 4; i++) {
    const [p, q] = [quad[i]!, quad[(i + 1) % 4]!];
    if ((q.x - p.x) * (point.y - p.y) - (q.y - p.y) * (point.x - p.x) < 0) return false;
  }
  return true;
}

/**
 * A photo `width` × `height` of a light document (grey 215) on a dark desk (grey 70) whose corners are `quad`, with a
 * dark square printed at the document's centre (a quarter of its width): where the warp should put it.
 */
function photo(width: number, height: number, quad: Quad): GreyImage {
  const pixels = new Uint8Array(width * height);
  const centre = {
    x: quad.reduce((sum, { x }) => sum + x, 0) / 4,
    y: quad.reduce((sum, { y }) => sum + y, 0) / 4,
  };
  const half = (quad[1].x - quad[0].x) / 8;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const onDocument = inside(quad, { x: x + 0.5, y: y + 0.5 });
      const mark = Math.abs(x - centre.x) < half && Math.abs(y - centre.y) < half;
      pixels[y * width + x] = onDocument ? (mark ? 30 : 215) : 70;
    }
  return { pixels, width, height };
}

describe("a document's corners found and warped flat", () => {
  it('finds the corners of a document photographed at an angle, and warps it to an upright rectangle', () => {
    // The far edge (the top) shorter than the near one, as a photo taken from an angle shows it.
    const corners: Quad = [
      { x: 260, y: 150 },
      { x: 1040, y: 170 },
      { x: 1150, y: 720 },
      { x: 140, y: 700 },
    ];
    const found = documentQuad(photo(1300, 900, corners));
    expect(found).not.toBeNull();
    found!.forEach((corner, index) => {
      expect(Math.abs(corner.x - corners[index]!.x)).toBeLessThan(8);
      expect(Math.abs(corner.y - corners[index]!.y)).toBeLessThan(8);
    });
    const flat = warpedQuad(photo(1300, 900, corners), found!);
    // As wide as the near edge, as high as the longer side; the document's paper at its corners' insides.
    expect(Math.abs(flat.width - 1010)).toBeLessThan(12);
    const at = (x: number, y: number) => flat.pixels[Math.round(y) * flat.width + Math.round(x)]!;
    for (const [x, y] of [
      [0.03, 0.03],
      [0.97, 0.03],
      [0.97, 0.97],
      [0.03, 0.97],
    ] as const)
      expect(at(x * (flat.width - 1), y * (flat.height - 1))).toBeGreaterThan(200);
    // The mark at the centre of the quad's corners lies near the middle of the flat document.
    expect(at(flat.width / 2, flat.height / 2)).toBeLessThan(60);
  });

  it('finds nothing in a scan (no desk around the document) or a photo the document fills', () => {
    const scan: GreyImage = { pixels: new Uint8Array(800 * 500).fill(230), width: 800, height: 500 };
    expect(documentQuad(scan)).toBeNull();
    const filled = photo(800, 500, [
      { x: -20, y: -20 },
      { x: 820, y: -20 },
      { x: 820, y: 520 },
      { x: -20, y: 520 },
    ]);
    expect(documentQuad(filled)).toBeNull();
  });
});
