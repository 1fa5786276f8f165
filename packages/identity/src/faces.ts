import { createRequire } from 'node:module';
import path from 'node:path';
import { rgbImageOf } from './images.js';

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

/** The side a photo is worked on at: a face fills a good part of a selfie and a sixth of a document. */
const FACE_SIDE = 800;

/** The descriptor of the largest face in the photo, or null when no face is found. */
async function largestFaceDescriptor(photo: Uint8Array): Promise<Float32Array | null> {
  // The detector misses most faces cropped tight (a portrait cut from its document) and many small ones (a portrait
  // on a whole document): the second look has a margin, the third is larger.
  return (
    (await descriptorIn(photo, FACE_SIDE, 0)) ??
    (await descriptorIn(photo, FACE_SIDE, 0.5)) ??
    (await descriptorIn(photo, FACE_SIDE * 2, 0))
  );
}

async function descriptorIn(photo: Uint8Array, side: number, margin: number): Promise<Float32Array | null> {
  const { faceapi, tf } = await faceModel();
  const image = await rgbImageOf(photo, side, margin);
  const tensor = tf.tensor3d(image.pixels, [image.height, image.width, 3], 'int32');
  try {
    const faces = await faceapi
      .detectAllFaces(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5, maxResults: 5 }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    // The detector ranks by confidence, not size: the portrait (or the selfie's subject) is the largest face.
    const largest = faces.sort((a, b) => b.detection.box.area - a.detection.box.area)[0];
    return largest ? largest.descriptor : null;
  } finally {
    tensor.dispose();
  }
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

export async function compareFaces(documentPhoto: Uint8Array, selfie: Uint8Array): Promise<FaceComparison> {
  let portrait: Float32Array | null;
  let face: Float32Array | null;
  try {
    portrait = await largestFaceDescriptor(documentPhoto);
    face = await largestFaceDescriptor(selfie);
  } catch {
    return { decision: 'not_compared', reason: 'a photo could not be decoded' };
  }
  if (!portrait) return { decision: 'not_compared', reason: 'no face was found on the document' };
  if (!face) return { decision: 'not_compared', reason: 'no face was found in the selfie' };
  const distance = faceDistance(portrait, face);
  return { decision: distance <= MATCH_DISTANCE ? 'match' : distance <= REVIEW_DISTANCE ? 'review' : 'no_match' };
}

/** The distance of two descriptors (the bench's measure; the decision bands are on it). */
export function faceDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

/** The descriptor of the largest face of a photo, for the bench only (a biometric value: never store or log it). */
export const faceDescriptorForBench = largestFaceDescriptor;
