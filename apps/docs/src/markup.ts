/** Small HTML helpers: every page is built from strings, so escaping happens in one place. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Inline text of the contract's descriptions: escaped, with `code` spans. */
export function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** Paragraphs of a description (blank-line separated). */
export function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => `<p>${inline(part)}</p>`)
    .join('\n');
}

/** A URL-safe anchor id. */
export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * A cell's code spans may wrap after an underscore, a dot or a slash, never inside a word: tables stay narrow without
 * splitting `request_criminal_record_check` into pieces that read as other words. Spans holding markup are left alone.
 */
const wrappableCode = (cell: string): string =>
  cell.replace(/<code([^>]*)>([^<]*)<\/code>/g, (_match, attributes: string, text: string) => {
    const wrapped = text.replace(/([_./])(?=[^_./])/g, '$1<wbr>');
    return `<code${attributes}>${wrapped}</code>`;
  });

/** A horizontally scrollable, keyboard-focusable table. */
export function table({
  caption,
  head,
  rows,
  className,
}: {
  caption: string;
  head: string[];
  rows: string[][];
  className?: string;
}): string {
  const headRow = `<tr>${head.map((cell) => `<th scope="col">${cell}</th>`).join('')}</tr>`;
  const body = rows
    .map((row) => `<tr>${row.map((cell) => `<td>${wrappableCode(cell)}</td>`).join('')}</tr>`)
    .join('\n');
  return `<div class="table-wrap" role="region" aria-label="${escapeHtml(caption)}" tabindex="0">
<table${className ? ` class="${className}"` : ''}><caption class="visually-hidden">${escapeHtml(caption)}</caption>
<thead>${headRow}</thead>
<tbody>
${body}
</tbody></table></div>`;
}

/** A code block; `language` only labels it. */
export function codeBlock(code: string, { label, language }: { label: string; language: string }): string {
  return `<figure class="code"><figcaption>${escapeHtml(label)}</figcaption><pre tabindex="0" aria-label="${escapeHtml(label)}"><code class="language-${language}">${escapeHtml(code)}</code></pre></figure>`;
}

export const json = (value: unknown): string => JSON.stringify(value, null, 2);

/** A heading with an anchor id, recorded for the search index. */
export function heading(level: 2 | 3, text: string, id = slugify(text)): string {
  return `<h${level} id="${id}">${inline(text)}</h${level}>`;
}
