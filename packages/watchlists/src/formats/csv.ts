import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { WatchlistFormatError } from '../model.js';
import type { WatchlistInput } from './parsed-list.js';

/** The DOS end-of-file mark some publishers still append. */
const END_OF_FILE_MARK = '\u001a';

/**
 * The rows of a CSV file, each checked to have `columns` fields (a short row is a truncated or damaged file). An
 * unterminated quote, invalid UTF-8 or a row of another length throws a `WatchlistFormatError`.
 */
export async function* csvRows(
  input: WatchlistInput,
  { columns, from = 1 }: { columns: number | null; from?: number },
): AsyncGenerator<string[]> {
  const parser = parse({ relax_column_count: true, skip_empty_lines: true, bom: true, from_line: from });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const feeding = pipeline(
    Readable.from(
      (async function* () {
        for await (const chunk of input)
          yield typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      })(),
    ),
    parser,
  ).catch((error: unknown) => error);
  let line = from - 1;
  try {
    for await (const row of parser as AsyncIterable<string[]>) {
      line++;
      if (row.length === 1 && row[0]!.trim() === END_OF_FILE_MARK) continue;
      if (columns !== null && row.length !== columns)
        throw new WatchlistFormatError(`row ${line} has ${row.length} fields instead of ${columns}`);
      yield row;
    }
  } catch (error) {
    if (error instanceof WatchlistFormatError) throw error;
    throw new WatchlistFormatError(
      `not a readable CSV file: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const failed = await feeding;
  if (failed)
    throw new WatchlistFormatError(
      `not a readable CSV file: ${failed instanceof Error ? failed.message : String(failed)}`,
    );
}
