import { createRequire } from 'node:module';
import path from 'node:path';
import { rgbImageOf, rgbRegion, type RgbImage } from './images.js';

/**
 * Face comparison with `@vladmandic/face-api` (SSD MobileNet detector, 68-point landmarks, 128-value descriptors) on
 * TensorFlow.js's WebAssembly backend. One model per process, loaded on first use from the package's own files: the
 * weights from its `model` folder, the backend's `.wasm` from its `dist` folder (read from disk, never fetched).
 * Descriptors stay in this module: only the decision leaves it.
 */

type FaceApi = typeof import('@vladmandic/face-api');

const require = createRequire(import.meta.url);
let loaded: Promise<{ faceapi: FaceApi; tf: typeof import('@tensorflow/tfjs') }> | null = null;

function faceModel() {
  loaded ??= (async () => {
    const tf = require('@tensorflow/tfjs') as typeof import('@tensorflow/tfjs');
    const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(prefix: string): void };
    // The node-wasm build expects the two packages above in the same process (it requires them itself).
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`);
    await tf.setBackend('wasm');
    await tf.ready();
    const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
    return { faceapi, tf };
  })();
  return loaded;
}

type Box = { readonly left: number; readonly top: number; readonly width: number; readonly height: number };

/** The side a photo is looked at to find its faces (the detector works at 512 pixels whatever the size). */
const FIND_SIDE = 800;
/** The side a found face's surroundings are described at. */
const DESCRIBE_SIDE = 512;
/** The surroundings of a found face: this much of its size each side (the detector misses faces filling the frame). */
const CONTEXT = 0.8;

/**
 * The faces of a photo, the largest first (the portrait on a document, the subject of a selfie), each as its
 * descriptor, or null for a face found but not described (`most` of them). Found first on the whole photo, then described from its
 * surroundings cut from the photo at full resolution: on a whole document the portrait is small, and the detector's
 * box around a small face framed the landmarks so loosely that a portrait and its own selfie fell a review band apart
 * (measured by the bench).
 */
async function facesOf(photo: Uint8Array, most = 5): Promise<(Float32Array | null)[]> {
  const image = await rgbImageOf(photo);
  const descriptors: (Float32Array | null)[] = [];
  for (const box of (await faceBoxes(image)).slice(0, most)) descriptors.push(await describedFace(image, box));
  return descriptors;
}

/** The boxes of the faces the detector finds in the photo, the largest first (in the image's pixels). */
async function faceBoxes(image: RgbImage): Promise<Box[]> {
  // The detector misses most faces cropped tight (a selfie filling its frame): the second look has a grey margin.
  for (const margin of [0, 0.5]) {
    const border = Math.max(image.width, image.height) * margin;
    const region = { left: -border, top: -border, width: image.width + 2 * border, height: image.height + 2 * border };
    const scale = Math.max(region.width, region.height) / FIND_SIDE;
    // The detector ranks by confidence, not size.
    const faces = (await detected(await rgbRegion(image, region, FIND_SIDE), 0.5)).sort(
      (one, other) => other.box.area - one.box.area,
    );
    if (faces.length > 0)
      return faces.map(({ box: { x, y, width, height } }) => ({
        left: region.left + x * scale,
        top: region.top + y * scale,
        width: width * scale,
        height: height * scale,
      }));
  }
  return [];
}

/**
 * The descriptor of the face found at `box`: looked for again in its surroundings, where it is larger; the face
 * there overlapping the box most is taken (the surer detection of the first look allows a lower confidence here).
 */
async function describedFace(image: RgbImage, box: Box): Promise<Float32Array | null> {
  const side = Math.max(box.width, box.height) * (1 + 2 * CONTEXT);
  const region = {
    left: box.left + box.width / 2 - side / 2,
    top: box.top + box.height / 2 - side / 2,
    width: side,
    height: side,
  };
  const scale = DESCRIBE_SIDE / side;
  const expected = {
    left: (box.left - region.left) * scale,
    top: (box.top - region.top) * scale,
    width: box.width * scale,
    height: box.height * scale,
  };
  const { faceapi, tf } = await faceModel();
  const surroundings = await rgbRegion(image, region, DESCRIBE_SIDE);
  const tensor = tf.tensor3d(surroundings.pixels, [surroundings.height, surroundings.width, 3], 'int32');
  try {
    const faces = await faceapi
      .detectAllFaces(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.2, maxResults: 5 }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    const overlapping = faces
      .map((face) => ({ face, overlap: overlap(expected, face.detection.box) }))
      .filter(({ overlap }) => overlap > 0)
      .sort((a, b) => b.overlap - a.overlap)[0];
    return overlapping ? overlapping.face.descriptor : null;
  } finally {
    tensor.dispose();
  }
}

async function detected(image: RgbImage, minConfidence: number) {
  const { faceapi, tf } = await faceModel();
  const tensor = tf.tensor3d(image.pixels, [image.height, image.width, 3], 'int32');
  try {
    return await faceapi.detectAllFaces(
      tensor as never,
      new faceapi.SsdMobilenetv1Options({ minConfidence, maxResults: 5 }),
    );
  } finally {
    tensor.dispose();
  }
}

/** The intersection over union of two boxes (0 when apart, 1 when the same). */
function overlap(a: Box, b: { x: number; y: number; width: number; height: number }): number {
  const width = Math.min(a.left + a.width, b.x + b.width) - Math.max(a.left, b.x);
  const height = Math.min(a.top + a.height, b.y + b.height) - Math.max(a.top, b.y);
  if (width <= 0 || height <= 0) return 0;
  const shared = width * height;
  return shared / (a.width * a.height + b.width * b.height - shared);
}

/**
 * Distances (Euclidean, between descriptors) at or below `MATCH_DISTANCE` are the same person; above
 * `REVIEW_DISTANCE` another; in between a person must look (measured by `pnpm bench identity`).
 */
export const MATCH_DISTANCE = 0.4;
export const REVIEW_DISTANCE = 0.55;

/** Whether the selfie shows the document's portrait: `match`, `review`, `no_match`, or why it could not be said. */
export type FaceComparison =
  | { readonly decision: 'match' | 'review' | 'no_match' }
  | { readonly decision: 'not_compared'; readonly reason: string };

/**
 * The selfie's face (its largest) against every face on the document photo: its portrait, and any other face the
 * photo shows (a document's second, faint portrait is the same person; a face beside the document, say the
 * applicant's own holding someone else's passport, must not stand in for the portrait). The decision is the
 * farthest face's, and a face that could not be described leaves at most a review.
 */
export async function compareFaces(documentPhoto: Uint8Array, selfie: Uint8Array): Promise<FaceComparison> {
  let portraits: (Float32Array | null)[];
  let face: Float32Array | null | undefined;
  try {
    portraits = await facesOf(documentPhoto);
    [face] = await facesOf(selfie, 1);
  } catch {
    return { decision: 'not_compared', reason: 'a photo could not be decoded' };
  }
  if (portraits.length === 0) return { decision: 'not_compared', reason: 'no face was found on the document' };
  if (!portraits[0]) return { decision: 'not_compared', reason: "the document's portrait could not be measured" };
  if (!face) return { decision: 'not_compared', reason: 'no face was found in the selfie' };
  return { decision: decisionOf(portraits, face) };
}

/** The farthest of the document's faces from the selfie's (the bench's measure of a pair). */
const farthest = (portraits: readonly (Float32Array | null)[], face: Float32Array) =>
  Math.max(...portraits.map((portrait) => (portrait ? faceDistance(portrait, face) : 0)));

function decisionOf(portraits: readonly (Float32Array | null)[], face: Float32Array): 'match' | 'review' | 'no_match' {
  const distance = farthest(portraits, face);
  if (distance > REVIEW_DISTANCE) return 'no_match';
  return distance <= MATCH_DISTANCE && !portraits.includes(null) ? 'match' : 'review';
}

/** The distance of two descriptors (the decision bands are on it). */
function faceDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

/**
 * For the bench only: the faces of a photo as described (biometric values: never store or log them), and the
 * decision of a selfie's face against a document's.
 */
export const facesForBench = { facesOf, decisionOf, farthest };
