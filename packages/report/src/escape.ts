const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe in HTML content and in quoted attribute values. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);

/**
 * A CSS string literal (`"…"`) holding the text: every character but letters, digits, spaces and a few harmless
 * marks is written as a CSS escape, so no value can close the string, the rule or the `<style>` element.
 */
export function cssString(value: string): string {
  const escaped = [...value]
    .map((character) =>
      /[\p{L}\p{N} .,·:()–-]/u.test(character) ? character : `\\${character.codePointAt(0)!.toString(16)} `,
    )
    .join('');
  return `"${escaped}"`;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** The colour when it is `#rrggbb`, else the fallback: only a validated colour reaches the stylesheet. */
export const safeColour = (value: string, fallback: string): string => (HEX_COLOUR.test(value) ? value : fallback);
