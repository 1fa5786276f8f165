/** What a credential may do and for how long: its scope and its end (null: it never expires). */
export type CredentialPower = { readonly scope: 'read_write' | 'read_only'; readonly expiresAt: Date | null };

/** Why a credential may not issue another: the other could do more, or live longer. */
export type MintingRefusal = 'wider_scope' | 'longer_life';

/**
 * Whether a credential of `issuer`'s power may issue one of `issued`'s (an API key, a rotated key's successor, an
 * OAuth client, which issues tokens without end): only one with no more scope and no longer life, so a stolen 10-hour
 * session or 1-hour OAuth token cannot turn itself into a lasting key. A partner-admin API key is the root of its
 * partner's credentials and may issue any. Null when it may.
 */
export function mintingRefusalOf({
  issuer,
  issuerIsPartnerAdminKey,
  issued,
}: {
  issuer: CredentialPower;
  issuerIsPartnerAdminKey: boolean;
  issued: CredentialPower;
}): MintingRefusal | null {
  if (issuerIsPartnerAdminKey) return null;
  if (issuer.scope === 'read_only' && issued.scope !== 'read_only') return 'wider_scope';
  if (issuer.expiresAt === null) return null;
  if (issued.expiresAt === null || issued.expiresAt > issuer.expiresAt) return 'longer_life';
  return null;
}
