import { createHash } from 'node:crypto';
import type { WatchlistInput } from './formats/parsed-list.js';

/**
 * A SHA-256 of the bytes of one or more files, taken as they are read (no second pass over a large file): wrap each
 * input with `through`, read them, then ask `digest` (hex). A file read again gives the same digest.
 */
export function checksumTap(): { through(input: WatchlistInput): WatchlistInput; digest(): string } {
  const hash = createHash('sha256');
  return {
    async *through(input) {
      for await (const chunk of input) {
        hash.update(chunk);
        yield chunk;
      }
    },
    digest: () => hash.copy().digest('hex'),
  };
}
