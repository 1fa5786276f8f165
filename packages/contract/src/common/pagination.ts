import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** Page-number pagination query, shared by every list. */
export const pageQueryShape = {
  page: z.coerce
    .number({ invalid_type_error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .optional()
    .describe('Page number, from 1. A page past the end answers 404 `invalid_page`.'),
  page_size: z.coerce
    .number({ invalid_type_error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
    .optional()
    .describe(`Results per page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}).`),
};
export const pageQuerySchema = z.object(pageQueryShape);

/** A page of a chronological list (`created`, then `id`). */
export function paginated<T extends z.ZodTypeAny>(item: T, what: string) {
  return z
    .object({
      count: z.number().int().describe('Number of results in the whole list.'),
      next: z.string().url().nullable().describe('Absolute URL of the next page, or null on the last page.'),
      previous: z.string().url().nullable().describe('Absolute URL of the previous page, or null on the first page.'),
      results: z.array(item).describe(`The ${what} of this page, oldest first.`),
    })
    .describe(`A page of ${what}.`);
}
