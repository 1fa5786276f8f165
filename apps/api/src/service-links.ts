import { escapeHtml } from '@svc/domain';

/** What `GET /` answers: where a newcomer goes next. */
export type ServiceLinks = {
  name: 'svc';
  description: string;
  docs: string | null;
  openapi: string;
  health: string;
  ready: string;
  api: string;
};

export function serviceLinks(base: string, docsServed: boolean): ServiceLinks {
  return {
    name: 'svc',
    description: 'Background screening API. Authenticate with the header Authorization: Bearer <API key>.',
    docs: docsServed ? `${base}/docs/` : null,
    openapi: `${base}/openapi.json`,
    health: `${base}/health`,
    ready: `${base}/ready`,
    api: `${base}/api/v1/`,
  };
}

/**
 * The same links for a browser. The icon is given inline (an empty one), so a browser asks for no `/favicon.ico`
 * (which `GET /favicon.ico` answers 204 for the clients that ask anyway).
 */
export function serviceLinksPage(links: ServiceLinks): string {
  const item = (label: string, url: string | null, what: string) =>
    url ? `<li><a href="${escapeHtml(url)}">${label}</a>: ${what}</li>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>svc</title><link rel="icon" href="data:,"><style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}</style></head>
<body><h1>svc</h1><p>Background screening API. Authenticate with the header <code>Authorization: Bearer &lt;API key&gt;</code>.</p><ul>
${item('Documentation', links.docs, 'guides and the reference of every operation')}
${item('OpenAPI document', links.openapi, 'every operation, for code generators')}
${item('Health', links.health, 'liveness: the process answers')}
${item('Readiness', links.ready, 'the database answers and is migrated')}
</ul></body></html>`;
}
