import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { Random } from './random.js';

/** A request body in another form than JSON, or JSON under a Content-Encoding, and the headers that say so. */
export type EncodedBody = { kind: string; body: string | Buffer; headers: Record<string, string> };

const BOUNDARY = 'svcfuzzboundary';
/** 20 MB of spaces, gzipped to about 20 kB: made once. */
let bomb: Buffer | undefined;
const gzipBomb = () => (bomb ??= gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20)));

/** The top-level members of a JSON body as form fields (objects and arrays as their JSON), or one field when it is not an object. */
function fieldsOf(json: string): Array<[string, string]> {
  try {
    const value: unknown = JSON.parse(json);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return [['body', json]];
    return Object.entries(value).map(([name, item]) => [name, typeof item === 'string' ? item : JSON.stringify(item)]);
  } catch {
    // Not JSON, or nested deeper than the stack goes: one field holds it all.
    return [['body', json]];
  }
}

function multipartOf(fields: Array<[string, string]>): string {
  const parts = fields.map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

/**
 * `json` as a client or an attacker may also send it: a form (sometimes with thousands of fields), multipart whole,
 * without a boundary or cut short, a file part, compressed (gzip, deflate, br), or corrupt, truncated, expanding past
 * the body limit or unknown under its Content-Encoding. None may give a 5xx.
 */
export function encodedBody(random: Random, json: string): EncodedBody {
  const fields = fieldsOf(json);
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const multipart = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  const jsonEncoded = (encoding: string) => ({ 'content-type': 'application/json', 'content-encoding': encoding });
  switch (random.int(14)) {
    case 0:
      return { kind: 'form', body: new URLSearchParams(fields).toString(), headers: form };
    case 1: {
      const count = random.pick([21, 201, 2_001, 5_000]);
      const many = Array.from({ length: count }, (_, index) => `f${index}=${index}`).join('&');
      return { kind: `form of ${count} fields`, body: many, headers: form };
    }
    case 2:
      return { kind: 'multipart', body: multipartOf(fields), headers: multipart };
    case 3:
      return {
        kind: 'multipart without a boundary',
        body: multipartOf(fields),
        headers: { 'content-type': 'multipart/form-data' },
      };
    case 4: {
      const whole = multipartOf(fields);
      return {
        kind: 'multipart cut short',
        body: whole.slice(0, Math.max(1, random.int(whole.length))),
        headers: multipart,
      };
    }
    case 5:
      return {
        kind: 'multipart with a file',
        body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 ${random.hex(64)}\r\n--${BOUNDARY}--\r\n`,
        headers: multipart,
      };
    case 6:
      return { kind: 'gzip', body: gzipSync(json), headers: jsonEncoded('gzip') };
    case 7:
      return { kind: 'deflate', body: deflateSync(json), headers: jsonEncoded('deflate') };
    case 8:
      return { kind: 'br', body: brotliCompressSync(json), headers: jsonEncoded('br') };
    case 9: {
      const whole = gzipSync(json);
      return {
        kind: 'gzip cut short',
        body: whole.subarray(0, Math.max(1, random.int(whole.length))),
        headers: jsonEncoded('gzip'),
      };
    }
    case 10:
      return {
        kind: 'corrupt encoding',
        body: Buffer.from(random.hex(64), 'hex'),
        headers: jsonEncoded(random.pick(['gzip', 'deflate', 'br'])),
      };
    case 11:
      return {
        kind: 'gzip expanding past the body limit',
        body: gzipBomb(),
        headers: jsonEncoded('gzip'),
      };
    case 12:
      return {
        kind: 'form under gzip',
        body: gzipSync(new URLSearchParams(fields).toString()),
        headers: { ...form, 'content-encoding': 'gzip' },
      };
    default:
      return {
        kind: 'unknown encoding',
        body: json,
        headers: jsonEncoded(random.pick(['compress', 'gzip, br', 'x-unknown', 'identity, gzip'])),
      };
  }
}
