import { isUuidv7 } from '@svc/db';
import { findOutboxMessage, listOutboxMessages } from '@svc/services';
import { escapeHtml } from '@svc/domain';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Deps } from '../deps.js';
import { isFromThisMachine } from '../http/loopback.js';
import { setLogRoute } from '../http/request-log.js';
import { sendHtml } from '../portal/responses.js';
import { portalPage } from '../portal/views/layout.js';
import type { OutboxMessage } from '@svc/db/entities';

/** How many messages the list shows, newest first. */
const LIST_LIMIT = 200;

const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";
/** An email's HTML part, shown in a sandboxed frame of the message page: its styles and its https images, nothing else. */
const EMAIL_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; form-action 'none'; frame-ancestors 'self'; base-uri 'none'";

const withPolicy = (policy: string, route: string) => (_request: Request, response: Response, next: NextFunction) => {
  setLogRoute(response, route);
  response.setHeader('Content-Security-Policy', policy);
  response.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
};

/**
 * Only for a person at this machine (`isFromThisMachine`); anyone else gets the 404 of a path that does not exist.
 */
function onThisMachineOnly(request: Request, _response: Response, next: NextFunction): void {
  next(isFromThisMachine(request) ? undefined : 'router');
}

const page = (title: string, body: string) =>
  portalPage({ language: 'en', title: `${title} · svc development outbox`, branding: null, body });

const describe = (message: OutboxMessage): string =>
  message.channel === 'email' ? (message.subject ?? '(no subject)') : `SMS to ${message.recipient}`;

/** Plain text with its URLs as links. */
const linkified = (text: string): string =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function listPage(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (message) => `<tr>
<td>${escapeHtml(message.created.toISOString().replace('T', ' ').slice(0, 19))}</td>
<td>${message.channel}</td>
<td>${escapeHtml(message.recipient)}</td>
<td><a href="/dev/outbox/${message.id}">${escapeHtml(describe(message))}</a></td>
<td>${message.status}${message.delivery ? ` (${message.delivery})` : ''}</td>
</tr>`,
    )
    .join('\n');
  const table = messages.length
    ? `<table><caption>The ${messages.length} newest messages, newest first</caption>
<thead><tr><th scope="col">Created (UTC)</th><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Message</th><th scope="col">Status</th></tr></thead>
<tbody>${rows}</tbody></table>`
    : '<p>No message yet. Invite an applicant and the invitation appears here.</p>';
  return page(
    'Outbox',
    `<h1>Development outbox</h1>
<p class="lead"><strong>A development page.</strong> Emails and SMS svc has written, with their onboarding links, shown without a key. Without <code>SMTP_URL</code> they are delivered here only. This page exists only when the API runs with <code>SVC_DEV_OUTBOX=1</code> (<code>npm start</code> sets it), and answers only on this machine.</p>
<style>main.wrap{max-width:72rem}table{border-collapse:collapse;width:100%;background:#fff}td:first-child{white-space:nowrap}caption{text-align:left;font-weight:600;padding:.5rem 0}th,td{border:1px solid #d1d5db;padding:.4rem .5rem;text-align:left;vertical-align:top;font-size:.95rem}</style>
${table}`,
  );
}

function messagePage(message: OutboxMessage): string {
  const htmlPart = message.htmlBody
    ? `<h2>HTML part</h2>
<iframe src="/dev/outbox/${message.id}/html" title="HTML part of the message" sandbox="" style="width:100%;height:640px;border:1px solid #d1d5db;background:#fff"></iframe>`
    : '';
  return page(
    describe(message),
    `<p><a href="/dev/outbox">Back to the outbox</a></p>
<h1>${escapeHtml(describe(message))}</h1>
<dl>
<dt>To</dt><dd>${escapeHtml(message.recipient)}</dd>
<dt>From</dt><dd>${escapeHtml(message.senderName ?? 'svc')}</dd>
<dt>Status</dt><dd>${message.status}${message.delivery ? ` (delivered to ${message.delivery === 'smtp' ? 'the SMTP server' : 'the outbox'})` : ''}, ${message.attempts} ${message.attempts === 1 ? 'attempt' : 'attempts'}${message.lastError ? `, last error ${escapeHtml(message.lastError)}` : ''}</dd>
<dt>Created</dt><dd>${escapeHtml(message.created.toISOString())}</dd>
</dl>
<h2>Text part</h2>
<pre style="white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #d1d5db;padding:1rem">${linkified(message.textBody)}</pre>
${htmlPart}`,
  );
}

/**
 * GET /dev/outbox: the messages of the outbox table, newest first; /dev/outbox/:id shows one with its text part and
 * its HTML part. Development only: app.ts mounts it with SVC_DEV_OUTBOX=1 alone, and it answers only requests made
 * on this machine (it needs no key).
 */
export function devOutboxRouter(deps: Deps): Router {
  const router = express.Router();
  router.use(onThisMachineOnly);
  const db = deps.db;
  const messageOr404 = async (request: Request<{ id: string }>, response: Response): Promise<OutboxMessage | null> => {
    const message = isUuidv7(request.params.id)
      ? await findOutboxMessage({ db, outboxMessageId: request.params.id })
      : null;
    if (!message)
      sendHtml(
        response,
        404,
        page('Not found', '<h1>No such message</h1><p><a href="/dev/outbox">Back to the outbox</a></p>'),
      );
    return message;
  };
  router.get('/', withPolicy(PAGE_POLICY, '/dev/outbox'), async (_request, response) => {
    sendHtml(response, 200, listPage(await listOutboxMessages({ db, limit: LIST_LIMIT })));
  });
  router.get('/:id', withPolicy(PAGE_POLICY, '/dev/outbox/:id'), async (request: Request<{ id: string }>, response) => {
    const message = await messageOr404(request, response);
    if (message) sendHtml(response, 200, messagePage(message));
  });
  router.get(
    '/:id/html',
    withPolicy(EMAIL_POLICY, '/dev/outbox/:id/html'),
    async (request: Request<{ id: string }>, response) => {
      const message = await messageOr404(request, response);
      if (message)
        sendHtml(
          response,
          message.htmlBody ? 200 : 404,
          message.htmlBody ?? page('No HTML part', '<h1>This message has no HTML part</h1>'),
        );
    },
  );
  return router;
}
