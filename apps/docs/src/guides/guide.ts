import type { Page } from '../pages/layout.js';

/** A hand-written guide. `body` is the HTML inside `<main>`, its own `<h1>` included. */
export type Guide = { file: string; title: string; summary: string; body: string };

export const guidePage = (guide: Guide): Page => ({ ...guide, kind: 'guide' });

/** A link from a guide (every guide lives in `guides/`) to another site file. */
export const fromGuide = (toFile: string): string => `../${toFile}`;

/** A link to an operation's page from a guide. */
export const opLink = (operationId: string, label: string): string =>
  `<a href="../reference/${operationId}.html">${label}</a>`;
