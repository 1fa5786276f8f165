import { describe, expect, it } from 'vitest';
import { mintingRefusalOf } from './credential-minting.js';

const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * 3_600_000);

describe('mintingRefusalOf', () => {
  it('lets a credential issue only what does no more and lives no longer, unless it is a partner-admin key', () => {
    const session = { scope: 'read_write', expiresAt: at(10) } as const;
    const never = { scope: 'read_write', expiresAt: null } as const;
    expect(mintingRefusalOf({ issuer: session, issuerIsPartnerAdminKey: false, issued: never })).toBe('longer_life');
    expect(
      mintingRefusalOf({ issuer: session, issuerIsPartnerAdminKey: false, issued: { ...never, expiresAt: at(11) } }),
    ).toBe('longer_life');
    expect(
      mintingRefusalOf({ issuer: session, issuerIsPartnerAdminKey: false, issued: { ...never, expiresAt: at(9) } }),
    ).toBeNull();
    expect(
      mintingRefusalOf({
        issuer: { scope: 'read_only', expiresAt: null },
        issuerIsPartnerAdminKey: false,
        issued: never,
      }),
    ).toBe('wider_scope');
    expect(mintingRefusalOf({ issuer: never, issuerIsPartnerAdminKey: false, issued: never })).toBeNull();
    expect(mintingRefusalOf({ issuer: session, issuerIsPartnerAdminKey: true, issued: never })).toBeNull();
  });
});
