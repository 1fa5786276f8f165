import { escapeHtml } from '../markup.js';
import { navLabel, operationsByTag, type Operation } from '../operations.js';

/** A page of the site before it is wrapped in the layout. */
export type Page = {
  /** Site-relative file, `guides/errors.html`. */
  file: string;
  title: string;
  /** One sentence for search results and the meta description. */
  summary: string;
  /** The content of `<main>`. */
  body: string;
  kind: 'home' | 'guide' | 'reference' | 'operation';
  operation?: Operation;
};

export type NavGuide = { file: string; title: string };

/** From a page's file to the site root: `''` or `'../'`. */
export const rootOf = (file: string): string => '../'.repeat(file.split('/').length - 1);

/** A link from one page to another site-relative file. */
export const linkFrom = (fromFile: string, toFile: string): string => `${rootOf(fromFile)}${toFile}`;

export const methodBadge = (method: string): string =>
  `<span class="method method-${method.toLowerCase()}">${method}</span>`;

function sidebar(page: Page, guides: readonly NavGuide[], operations: readonly Operation[]): string {
  const link = (file: string, label: string) =>
    `<a href="${linkFrom(page.file, file)}"${file === page.file ? ' aria-current="page"' : ''}>${label}</a>`;
  const guideItems = guides.map((guide) => `<li>${link(guide.file, escapeHtml(guide.title))}</li>`).join('\n');
  const groups = operationsByTag(operations)
    .map(({ tag, slug, operations: members }) => {
      const open = members.some((operation) => operation.file === page.file) ? ' open' : '';
      const items = members
        .map(
          (operation) =>
            `<li>${link(operation.file, `${methodBadge(operation.method)} <span>${escapeHtml(navLabel(operation))}</span>`)}</li>`,
        )
        .join('\n');
      return `<details class="nav-group" id="nav-${slug}"${open}><summary>${escapeHtml(tag)} <span class="count">${members.length}</span></summary><ul>${items}</ul></details>`;
    })
    .join('\n');
  return `<nav id="sidebar" class="sidebar" aria-label="Documentation">
<h2 class="nav-heading">Guides</h2>
<ul>
<li>${link('index.html', 'Overview')}</li>
${guideItems}
</ul>
<h2 class="nav-heading">API reference</h2>
<ul><li>${link('reference/index.html', 'All operations')}</li></ul>
${groups}
</nav>`;
}

/** The whole HTML document of a page: header with search, sidebar, main content, footer. */
export function renderPage(
  page: Page,
  context: { guides: readonly NavGuide[]; operations: readonly Operation[] },
): string {
  const root = rootOf(page.file);
  return `<!doctype html>
<html lang="en" data-root="${root}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · svc API docs</title>
<meta name="description" content="${escapeHtml(page.summary)}">
<link rel="stylesheet" href="${root}assets/site.css">
<link rel="icon" href="data:,">
<script src="${root}assets/site.js" defer></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
<button type="button" class="nav-toggle" aria-controls="sidebar" aria-expanded="false"><span aria-hidden="true">☰</span> Menu</button>
<a class="brand" href="${root}index.html">svc <span>API docs</span></a>
<form class="search" role="search" action="${root}reference/index.html">
<label for="search-input" class="visually-hidden">Search the docs by operation, path or topic</label>
<input id="search-input" name="q" type="search" placeholder="Search: /applications/quick, errors…" autocomplete="off" aria-describedby="search-hint" aria-controls="search-results">
<span id="search-hint" class="visually-hidden">Results appear below as you type.</span>
<div id="search-results" class="search-results" aria-live="polite" hidden></div>
</form>
</header>
<div class="layout">
${sidebar(page, context.guides, context.operations)}
<main id="main" tabindex="-1">
${page.body}
</main>
</div>
<footer class="site-footer">
<p>svc API version 1.1.0 · Generated from <code>@svc/contract</code> · <a href="${root}openapi.json">openapi.json</a></p>
</footer>
</body>
</html>
`;
}
