import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { AppError } from './problem.js';

/** Whether an address is one a webhook may reach without SVC_WEBHOOK_ALLOW_PRIVATE: public unicast only. */
const isPublicAddress = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
};

/**
 * Refuses (400 on `url`) a webhook URL that is not `https:` or whose host is, or resolves to, a private, loopback or
 * link-local address, unless `allowPrivate` (SVC_WEBHOOK_ALLOW_PRIVATE). The worker checks again at each delivery,
 * when the connection opens, since a name may resolve elsewhere later.
 */
export async function checkWebhookUrl(url: string, { allowPrivate }: { allowPrivate: boolean }): Promise<void> {
  if (allowPrivate) return;
  const refuse = (message: string) =>
    AppError.validation([{ path: 'url', code: 'invalid_url', message }], 'The webhook URL cannot be used.');
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') throw refuse('must be an https:// URL');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true })).map((found) => found.address);
  } catch {
    throw refuse('its host name does not resolve');
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress))
    throw refuse('must not point to a private, loopback or link-local address');
}
