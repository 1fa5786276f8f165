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
  /** Identifiers the page shows as code: field names (`sin_ssn`), enum values (`COSIGNER`), flags, error codes. */
  terms: string[];
  /** Identifiers that are the `id` of an element of the page (each error code on the errors page): a hit links there. */
  anchors: string[];
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

/** An identifier: a field name, a dotted path, an enum value, a flag, an error code. */
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_.-]{1,79}$/;

/** The identifiers a page body shows in `<code>`, once each, in order of appearance. */
export function termsOf(body: string): string[] {
  const shown = [...body.matchAll(/<code[^>]*>([\s\S]*?)<\/code>/g)].map((match) => stripTags(match[1] ?? ''));
  return [...new Set(shown.filter((text) => IDENTIFIER.test(text)))];
}

/** The ids of a page's elements that are identifiers with an underscore or a single word (`invalid_page`). */
export function anchorsOf(body: string): string[] {
  const ids = [...body.matchAll(/<code id="([a-z][a-z0-9_]*)"/g)].map((match) => match[1] ?? '');
  return [...new Set(ids)];
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
    terms: termsOf(page.body),
    anchors: anchorsOf(page.body),
    text: page.summary.length > 220 ? `${page.summary.slice(0, 217)}…` : page.summary,
  };
}

export const searchIndex = (pages: readonly Page[]): SearchEntry[] => pages.map(searchEntry);
