import type { AdverseNoticeContent } from '@svc/domain';
import { cssString, escapeHtml } from './escape.js';

const FONT_STACK = '"Helvetica Neue", Helvetica, Arial, "Liberation Sans", "DejaVu Sans", sans-serif';

/**
 * A notice of an adverse action as one self-contained printable HTML letter (Letter size: US notices), printed to PDF
 * by the worker's Chromium as reports are. Every paragraph of the content is printed; links are printed with their URL.
 * A notice built from made-up results says so on every page, as a report does: in a band above the title on the
 * first page, in the top margin of every other (once per page).
 */
export function renderNoticeHtml(content: AdverseNoticeContent): string {
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const band = content.simulationBand;
  const bandStyles = band
    ? `@page { @top-center { content: ${cssString(band)}; font: bold 8pt ${FONT_STACK}; color: #b00020; vertical-align: bottom; padding-bottom: 4mm; } }
@page :first { @top-center { content: none; } }
.simulation-band { margin: 0 0 5mm; padding: 2mm 3mm; border: 1.5px solid #b00020; color: #b00020; background: #fff4f5; font-weight: bold; text-align: center; }`
    : '';
  return `<!DOCTYPE html>
<html lang="${content.language}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(content.title)}</title>
<style>
@page { size: letter; margin: 22mm 20mm; }
body { font: 10.5pt/1.45 ${FONT_STACK}; color: #16202a; }
h1 { font-size: 16pt; margin: 0 0 6mm; }
.date { margin: 0 0 6mm; color: #3b4650; }
ul { margin: 0 0 4mm; padding-left: 6mm; }
li { margin: 0 0 1.5mm; break-inside: avoid; }
.links { border-top: 0.3mm solid #c5ccd3; padding-top: 3mm; margin-top: 6mm; }
.url { word-break: break-all; color: #1f4e79; }
.signature { margin-top: 8mm; }
.agency { margin: 5mm 0 0; break-inside: avoid; }
.agency h2 { font-size: 10.5pt; margin: 0 0 1mm; }
.agency address { font-style: normal; }
${bandStyles}
</style>
</head>
<body>
${band ? `<p class="simulation-band" role="note">${escapeHtml(band)}</p>` : ''}
<h1>${escapeHtml(content.title)}</h1>
<p class="date">${escapeHtml(content.dateLine)}</p>
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map(paragraph).join('\n')}
${content.items.length ? `<ul>${content.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : ''}
<section class="agency" aria-labelledby="agency-title"><h2 id="agency-title">${escapeHtml(content.agency.title)}</h2>
<address>${content.agency.lines.map(escapeHtml).join('<br>')}</address></section>
<div class="links"><ul>${content.links
    .map((link) => `<li>${escapeHtml(link.label)}: <span class="url">${escapeHtml(link.url)}</span></li>`)
    .join('')}</ul></div>
<p class="signature">${escapeHtml(content.signature)}</p>
</body>
</html>
`;
}

/** `pre-adverse-notice.pdf` or `adverse-action-notice.pdf`. */
export const noticeFileName = (kind: AdverseNoticeContent['kind']): string =>
  `${kind === 'pre_adverse' ? 'pre-adverse-notice' : 'adverse-action-notice'}.pdf`;
