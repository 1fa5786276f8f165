import { describe, expect, it } from 'vitest';
import { addressLimitKey } from './address-limit.js';

describe('addressLimitKey', () => {
  it('counts an IPv6 client by its /64, an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressLimitKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(addressLimitKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(addressLimitKey('2001:DB8:0000:0001:ffff::2')).toBe('2001:db8:0:1::/64');
    expect(addressLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressLimitKey('2001:db8:0:2::1')).not.toBe(addressLimitKey('2001:db8:0:1::1'));
    expect(addressLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(addressLimitKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey('unknown')).toBe('unknown');
  });
});
