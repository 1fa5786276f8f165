import { lookup } from 'node:dns/promises';
import { isPublicWebhookAddress, privateAddressRefusal, webhookHostOf, webhookUrlRefusal } from '@svc/domain';
import ipaddr from 'ipaddr.js';
import { AppError } from './problem.js';

/**
 * Refuses (400 on `url`) a webhook URL with credentials in it (they would be stored and logged as a URL), and, unless
 * `allowPrivate` (SVC_WEBHOOK_ALLOW_PRIVATE), one that is not `https:` or whose host is, or resolves to, a private,
 * loopback or link-local address, or an IPv6 address embedding an IPv4 one (`webhookUrlRefusal`,
 * `isPublicWebhookAddress`). The worker checks again at each delivery, when the connection opens, since a name may
 * resolve elsewhere later.
 */
export async function checkWebhookUrl(url: string, { allowPrivate }: { allowPrivate: boolean }): Promise<void> {
  const refuse = ({ message }: { message: string }) =>
    AppError.validation([{ path: 'url', code: 'invalid_url', message }], 'The webhook URL cannot be used.');
  const refusal = webhookUrlRefusal(url, { allowPrivate });
  if (refusal) throw refuse(refusal);
  if (allowPrivate) return;
  const host = webhookHostOf(new URL(url));
  if (ipaddr.isValid(host)) return;
  let addresses: string[];
  try {
    addresses = (await lookup(host, { all: true })).map((found) => found.address);
  } catch {
    throw refuse({ message: 'its host name does not resolve' });
  }
  if (addresses.length === 0 || !addresses.every(isPublicWebhookAddress)) throw refuse(privateAddressRefusal());
}
