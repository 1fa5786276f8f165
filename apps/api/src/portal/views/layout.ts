import { escapeHtml, type EmailBranding, type PortalLanguage } from '@svc/domain';

/**
 * The portal's styles, inline (the portal loads nothing else: no script, no font, no image). Large text and targets,
 * a focus ring that shows on any background, errors marked by colour, a border and text.
 */
const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{font-size:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1.0625rem;line-height:1.5;color:#1f2937;background:#f3f4f6}
a{color:#1d4ed8}
a:hover{color:#1e3a8a}
:focus-visible,.error-summary:focus{outline:3px solid #111827;outline-offset:2px;box-shadow:0 0 0 6px #fde047}
.visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.brand{padding:.9rem 0}
.brand .wrap{display:flex;justify-content:space-between;align-items:center;gap:1rem;flex-wrap:wrap}
.brand-name{font-weight:700;font-size:1.25rem}
.brand a{color:inherit;font-weight:600}
.wrap{max-width:46rem;margin:0 auto;padding:0 1rem}
main{padding:1.5rem 1rem 3rem}
main:focus{outline:none}
h1{font-size:1.9rem;line-height:1.2;margin:.5rem 0 1rem}
h2{font-size:1.4rem;margin:0 0 .5rem}
h2:focus{outline:none}
.card{background:#fff;border:1px solid #d1d5db;border-radius:8px;padding:1.25rem 1.25rem .5rem;margin:0 0 1.5rem}
.lead{font-size:1.125rem}
.notice{border-left:6px solid #1d4ed8;background:#eff6ff;padding:.75rem 1rem;margin:0 0 1.25rem}
.notice.success{border-color:#047857;background:#ecfdf5}
.hint{color:#4b5563;margin:.1rem 0 .4rem;font-size:1rem}
.field{margin:0 0 1.1rem}
.field label,.field .label{display:block;font-weight:600}
.field.has-error{border-left:5px solid #b91c1c;padding-left:.75rem}
.field-error{color:#b91c1c;font-weight:700;margin:.1rem 0 .35rem}
input[type=text],input[type=email],input[type=tel],input[type=date],select{display:block;width:100%;max-width:32rem;font:inherit;padding:.45rem .55rem;border:2px solid #4b5563;border-radius:4px;background:#fff;color:#111827}
input.short,select.short{max-width:12rem}
input[aria-invalid=true],select[aria-invalid=true]{border-color:#b91c1c}
fieldset{border:1px solid #d1d5db;border-radius:6px;margin:0 0 1.25rem;padding:.75rem 1rem .25rem}
legend{font-weight:700;font-size:1.125rem;padding:0 .35rem}
fieldset.reference{background:#f9fafb}
fieldset.reference legend{font-size:1rem}
.checkbox{display:flex;gap:.6rem;align-items:flex-start}
.checkbox input{width:1.5rem;height:1.5rem;margin:.1rem 0 0;flex:none}
.checkbox label{font-weight:600}
button{font:inherit;font-weight:600;border-radius:4px;padding:.6rem 1.1rem;cursor:pointer;border:2px solid transparent}
.primary{background:#047857;color:#fff;border-color:#047857}
.primary:hover{background:#065f46}
.secondary{background:#e5e7eb;color:#111827;border-color:#6b7280}
.secondary:hover{background:#d1d5db}
.remove{background:none;border:none;color:#b91c1c;text-decoration:underline;padding:.25rem 0;margin:0 0 .75rem}
.actions{display:flex;gap:1rem;flex-wrap:wrap;align-items:center;margin:1rem 0}
.error-summary{border:4px solid #b91c1c;background:#fff;padding:1rem 1.25rem;margin:0 0 1.5rem}
.error-summary h2{color:#b91c1c}
.error-summary ul{padding-left:1.2rem;margin:.5rem 0}
.error-summary a{color:#b91c1c;font-weight:700}
.disclosure{border:1px solid #d1d5db;background:#f9fafb;padding:.75rem 1rem;margin:0 0 1rem}
.disclosure ul{margin:.25rem 0 .75rem}
.test-band{margin:0;padding:.5rem 1rem;border-bottom:3px solid #b00020;background:#fff4f5;color:#b00020;font-weight:700;text-align:center}
@media (max-width:30rem){h1{font-size:1.5rem}.card{padding:1rem .75rem .25rem}fieldset{padding:.5rem .6rem .1rem}}
`;

/** What a page's header shows: the organisation and its colours, and on test data the band that says so. */
export type PortalBranding = Pick<EmailBranding, 'organisation' | 'colour' | 'textColour'> & {
  /** Under the header of every page of a demo applicant (`SIMULATION_BANDS_BY_LANGUAGE`); null otherwise. */
  readonly testBand?: string | null;
};

/**
 * A complete portal page: language, title, the organisation's header band (with the test-data band of a demo
 * applicant's pages under it), and `body` in `<main>`.
 */
export function portalPage({
  language,
  title,
  branding,
  body,
  languageSwitch,
}: {
  language: PortalLanguage;
  title: string;
  branding: PortalBranding | null;
  body: string;
  languageSwitch?: string;
}): string {
  const colour = branding?.colour ?? '#1d4ed8';
  const textColour = branding?.textColour ?? '#ffffff';
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<header class="brand" style="background-color:${colour};color:${textColour}">
<div class="wrap"><span class="brand-name">${escapeHtml(branding?.organisation ?? 'svc')}</span>${languageSwitch ?? ''}</div>
</header>
${branding?.testBand ? `<p class="test-band" role="note">${escapeHtml(branding.testBand)}</p>` : ''}
<main id="main" class="wrap" tabindex="-1">
${body}
</main>
</body>
</html>
`;
}
