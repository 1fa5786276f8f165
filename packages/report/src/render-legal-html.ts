import type { LegalDocument } from '@svc/domain';
import { escapeHtml as e } from './escape.js';

/** System fonts only: the document renders offline, the same in a browser and in the worker's Chromium. */
const FONT_STACK = '"Helvetica Neue", Helvetica, Arial, "Liberation Sans", "DejaVu Sans", sans-serif';

const STYLES = `
@page { size: letter; margin: 18mm 17mm; @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 7pt ${FONT_STACK}; color: #333; white-space: nowrap; } }
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 10.5pt/1.45 ${FONT_STACK}; color: #111; background: #fff; }
main { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1rem 2rem; }
h1 { font-size: 17pt; line-height: 1.2; margin: 0 0 .8rem; }
h2 { font-size: 11.5pt; margin: 1.1rem 0 .3rem; break-after: avoid; }
p { margin: 0 0 .55rem; }
section { break-inside: avoid; }
.version { color: #333; font-size: 9pt; border-top: 1px solid #999; margin-top: 1.2rem; padding-top: .4rem; }
a { color: #1d4ed8; }
@media print { main { max-width: none; padding: 0; } }
`;

/**
 * One self-contained printable HTML document of a legal text (the FCRA summary of rights): inline CSS, nothing to
 * load, the version named at its foot. `links` are shown on screen only (the printed copy is the document alone).
 */
export function renderLegalDocumentHtml(
  document: LegalDocument,
  { links = [] }: { links?: readonly { href: string; text: string }[] } = {},
): string {
  const paragraphs = (texts: readonly string[]) => texts.map((text) => `<p>${e(text)}</p>`).join('\n');
  const sections = document.sections
    .map(
      (section) => `<section>
<h2>${e(section.heading)}</h2>
${paragraphs(section.paragraphs)}
</section>`,
    )
    .join('\n');
  const nav = links.length
    ? `<nav aria-label="Document" class="screen-only"><p>${links.map((link) => `<a href="${e(link.href)}">${e(link.text)}</a>`).join(' · ')}</p></nav>\n`
    : '';
  return `<!doctype html>
<html lang="${e(document.language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${e(document.title)}</title><style>${STYLES}@media print { .screen-only { display: none; } }</style></head>
<body><main>
${nav}<h1>${e(document.title)}</h1>
${paragraphs(document.introduction)}
${sections}
${paragraphs(document.closing)}
<p class="version">Version ${e(document.version)}</p>
</main></body></html>
`;
}
