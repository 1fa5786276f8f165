import ipaddr from 'ipaddr.js';

/**
 * IPv6 ranges that carry an IPv4 address inside (IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::/96` and
 * `64:ff9b:1::/48`, 6to4 `2002::/16`, Teredo `2001::/32`): a host such as `[::127.0.0.1]` may reach an IPv4 address
 * the checks never see, so none is a webhook's. (IPv4-mapped `::ffff:a.b.c.d` is read as its IPv4 address.)
 */
const IPV4_EMBEDDING = ['::/96', '64:ff9b::/96', '64:ff9b:1::/48', '2002::/16', '2001::/32'].map((cidr) =>
  ipaddr.IPv6.parseCIDR(cidr),
);

/**
 * Whether a webhook may reach an IP address without SVC_WEBHOOK_ALLOW_PRIVATE: public unicast only (no private,
 * loopback, link-local, carrier-grade NAT, reserved or unspecified address), and no IPv6 address embedding an IPv4 one.
 */
export function isPublicWebhookAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && IPV4_EMBEDDING.some((range) => (parsed as ipaddr.IPv6).match(range))) return false;
  return parsed.range() === 'unicast';
}

/** Why a webhook URL is refused as written (before any name in it is resolved). */
export type WebhookUrlRefusal = {
  code: 'invalid_url' | 'credentials_in_url' | 'https_required' | 'refused_address';
  message: string;
};

/**
 * The refusal of a webhook URL as written, or null: not an `https:` (or, with `allowPrivate`, `http:`) URL, credentials
 * in it (never: they would be stored and logged as part of a URL, and deliveries are authenticated by their signature),
 * or, without `allowPrivate`, an IP address for host that `isPublicWebhookAddress` refuses. A host name must still be
 * resolved and every address it resolves to checked: the API does when the URL is written, the worker when each
 * delivery's connection opens.
 */
export function webhookUrlRefusal(url: string, { allowPrivate }: { allowPrivate: boolean }): WebhookUrlRefusal | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { code: 'invalid_url', message: 'must be an absolute https:// URL' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return { code: 'invalid_url', message: 'must be an https:// URL' };
  if (parsed.username || parsed.password)
    return {
      code: 'credentials_in_url',
      message: 'must not hold credentials: authenticate deliveries by their signature',
    };
  if (allowPrivate) return null;
  if (parsed.protocol !== 'https:')
    return {
      code: 'https_required',
      message: 'must be an https:// URL (http:// is for development: the operator sets SVC_WEBHOOK_ALLOW_PRIVATE=1)',
    };
  const host = webhookHostOf(parsed);
  if (ipaddr.isValid(host) && !isPublicWebhookAddress(host)) return privateAddressRefusal();
  if (SPECIAL_USE_NAME.test(host))
    return {
      code: 'refused_address',
      message:
        'must name a public host: names under .test, .example, .invalid, .localhost, .local, .internal and .home.arpa never reach one (for development the operator sets SVC_WEBHOOK_ALLOW_PRIVATE=1)',
    };
  return null;
}

/**
 * Special-use and private-use domain names (RFC 6761, RFC 6762, RFC 8375 and ICANN's `.internal`): never a public
 * host, so refused as written, without asking DNS.
 */
const SPECIAL_USE_NAME = /(^|\.)(test|example|invalid|localhost|local|internal|home\.arpa)\.?$/i;

/** The refusal of a URL whose host is, or resolves to, an address `isPublicWebhookAddress` refuses. */
export const privateAddressRefusal = (): WebhookUrlRefusal => ({
  code: 'refused_address',
  message:
    'must not point to a private, loopback or link-local address (for development the operator sets SVC_WEBHOOK_ALLOW_PRIVATE=1)',
});

/** A URL's host as an address or a name: an IPv6 address without its brackets. */
export const webhookHostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');
