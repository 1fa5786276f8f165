import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { GreyImage } from './images.js';

let prepared: Promise<unknown> | null = null;

/** zxing-wasm's reader from the package's own `.wasm` (by default it fetches it from a CDN). */
function prepareReader(): Promise<unknown> {
  prepared ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const wasmBinary = readFileSync(wasmPath);
    await prepareZXingModule({
      overrides: {
        wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.length),
      },
      fireImmediately: true,
    });
  })();
  return prepared;
}

/** The text of the PDF417 barcode in `image`, or null when none is found (zxing turns and inverts as it needs). */
export async function readPdf417(image: GreyImage): Promise<string | null> {
  await prepareReader();
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0; i < image.pixels.length; i++) {
    const grey = image.pixels[i]!;
    rgba[i * 4] = grey;
    rgba[i * 4 + 1] = grey;
    rgba[i * 4 + 2] = grey;
    rgba[i * 4 + 3] = 255;
  }
  // An ImageData-shaped object (Node has no ImageData class; zxing-wasm looks at the fields).
  const imageData = { data: rgba, width: image.width, height: image.height, colorSpace: 'srgb' as const };
  const results = await readBarcodes(imageData as Parameters<typeof readBarcodes>[0], {
    formats: ['PDF417'],
    tryHarder: true,
    tryRotate: true,
    maxNumberOfSymbols: 1,
    textMode: 'Plain',
  });
  const found = results.find((result) => result.isValid && result.format === 'PDF417');
  return found ? found.text : null;
}
