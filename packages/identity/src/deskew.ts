import { binarised, scaledToWidth, type GreyImage } from './images.js';

/** The ink pixels of a small binarised copy, as coordinates (at most `limit`, evenly sampled). */
function inkPoints(image: GreyImage, limit: number): { xs: Float64Array; ys: Float64Array } {
  const ink: number[] = [];
  for (let i = 0; i < image.pixels.length; i++) if (image.pixels[i] === 0) ink.push(i);
  const step = Math.max(1, Math.ceil(ink.length / limit));
  const count = Math.floor(ink.length / step);
  const xs = new Float64Array(count);
  const ys = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const index = ink[i * step]!;
    xs[i] = index % image.width;
    ys[i] = Math.floor(index / image.width);
  }
  return { xs, ys };
}

/** How sharply the rows of ink stand out when the points are seen turned by `degrees`: the projection's energy. */
function profileSharpness(points: { xs: Float64Array; ys: Float64Array }, degrees: number, rows: number): number {
  const radians = (degrees * Math.PI) / 180;
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  const bins = new Float64Array(rows * 2 + 1);
  for (let i = 0; i < points.xs.length; i++) {
    const row = Math.round(points.ys[i]! * cos - points.xs[i]! * sin) + rows;
    if (row >= 0 && row < bins.length) bins[row]! += 1;
  }
  let energy = 0;
  for (const bin of bins) energy += bin * bin;
  return energy;
}

/**
 * The tilt of the text in `image`, in degrees (positive: turned clockwise), within ±`range`: the angle at which the
 * rows of ink are sharpest (a projection profile), searched coarse then fine on a small binarised copy.
 */
export async function textTilt(image: GreyImage, range = 15): Promise<number> {
  const small = binarised(await scaledToWidth(image, Math.min(image.width, 700)), 12, 18);
  const points = inkPoints(small, 40_000);
  if (points.xs.length < 200) return 0;
  const rows = small.width + small.height;
  const best = (from: number, to: number, step: number) => {
    let angle = 0;
    let sharpest = -1;
    for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
      const sharpness = profileSharpness(points, degrees, rows);
      if (sharpness > sharpest) [angle, sharpest] = [degrees, sharpness];
    }
    return angle;
  };
  const coarse = best(-range, range, 1);
  return best(coarse - 1, coarse + 1, 0.1);
}
