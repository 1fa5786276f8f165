import { displayPath } from './operations.js';
import type { Page } from './pages/layout.js';

/** One entry of `search-index.json`: enough to find a page by title, path, operation id, heading or topic. */
export type SearchEntry = {
  title: string;
  /** Site-relative URL of the page. */
  url: string;
  kind: Page['kind'];
  operationId?: string;
  method?: string;
  /** The operation's path, `{param}` form. */
  path?: string;
  tag?: string;
  deprecated?: boolean;
  headings: string[];
  /** A short text: the page's summary. */
  text: string;
};

const stripTags = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** The `<h2>` and `<h3>` texts of a page body. */
export function headingsOf(body: string): string[] {
  return [...body.matchAll(/<h[23][^>]*>([\s\S]*?)<\/h[23]>/g)]
    .map((match) => stripTags(match[1] ?? ''))
    .filter((text) => text !== '');
}

export function searchEntry(page: Page): SearchEntry {
  const operation = page.operation;
  const headings = page.kind === 'operation' ? [] : headingsOf(page.body).slice(0, 40);
  return {
    title: page.title,
    url: page.file,
    kind: page.kind,
    ...(operation
      ? {
          operationId: operation.operationId,
          method: operation.method,
          path: displayPath(operation.path),
          tag: operation.tag,
          deprecated: operation.deprecated,
        }
      : {}),
    headings,
    text: page.summary.length > 220 ? `${page.summary.slice(0, 217)}…` : page.summary,
  };
}

export const searchIndex = (pages: readonly Page[]): SearchEntry[] => pages.map(searchEntry);
