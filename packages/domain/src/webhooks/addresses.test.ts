import { describe, expect, it } from 'vitest';
import { isPublicWebhookAddress, webhookUrlRefusal } from './addresses.js';

describe('webhook addresses', () => {
  it('refuse private, loopback, link-local, reserved addresses and every IPv6 form that embeds an IPv4 address', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      // IPv4-mapped, read as its IPv4 address.
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      // IPv4-compatible (`[::127.0.0.1]` is written `[::7f00:1]` by the URL parser), NAT64, 6to4, Teredo.
      '::127.0.0.1',
      '::7f00:1',
      '::a00:1',
      '64:ff9b::a00:1',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::',
      '2001::1',
      'not an address',
    ])
      expect(isPublicWebhookAddress(address), address).toBe(false);
  });

  it('refuse a URL as written: credentials always, plain http and an address it may not reach unless private ones are allowed', () => {
    const refusal = (url: string, allowPrivate = false) => webhookUrlRefusal(url, { allowPrivate })?.code ?? null;
    expect(refusal('https://[::127.0.0.1]/hook')).toBe('refused_address');
    expect(refusal('https://[::ffff:127.0.0.1]:8443/hook')).toBe('refused_address');
    expect(refusal('https://127.0.0.1/hook')).toBe('refused_address');
    expect(refusal('http://127.0.0.1:8080/hook')).toBe('https_required');
    expect(refusal('https://user:secret@localhost/hook')).toBe('credentials_in_url');
    expect(refusal('http://user@127.0.0.1:8080/hook', true)).toBe('credentials_in_url');
    expect(refusal('ftp://localhost/hook', true)).toBe('invalid_url');
    expect(refusal('not a url', true)).toBe('invalid_url');
    // A name is resolved later (by the API when the URL is written, by the worker when each connection opens).
    expect(refusal('https://hooks.acme.com/hook')).toBeNull();
    expect(refusal('http://127.0.0.1:8080/hook', true)).toBeNull();
    expect(refusal('https://[::127.0.0.1]/hook', true)).toBeNull();
  });

  it('refuse special-use names as written, without asking DNS, unless private ones are allowed', () => {
    for (const url of [
      'https://hooks.example/in',
      'https://no-such-host.invalid/hook',
      'https://api.test/hook',
      'https://printer.local/hook',
      'https://svc.internal/hook',
      'https://router.home.arpa/hook',
      'https://app.localhost./hook',
    ])
      expect(webhookUrlRefusal(url, { allowPrivate: false })?.code, url).toBe('refused_address');
    expect(webhookUrlRefusal('https://hooks.example/in', { allowPrivate: true })).toBeNull();
    // A name that merely contains one of them is a public name like any other.
    expect(webhookUrlRefusal('https://test.example.com/hook', { allowPrivate: false })).toBeNull();
    expect(webhookUrlRefusal('https://local-hooks.io/hook', { allowPrivate: false })).toBeNull();
  });
});
