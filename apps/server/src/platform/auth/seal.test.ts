import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens.js';

describe('sealed secrets (an identity provider client secret kept in the database)', () => {
  const tokens = new TokenService(new Uint8Array(32).fill(7));

  it('opens only for its own purpose and key, and any change to the sealed text is detected', () => {
    const sealed = tokens.seal('sso-client-secret', 'the-client-secret');
    expect(sealed).not.toContain('the-client-secret');
    expect(tokens.unseal('sso-client-secret', sealed)).toBe('the-client-secret');
    expect(tokens.unseal('another-purpose', sealed)).toBeNull();
    expect(new TokenService(new Uint8Array(32).fill(8)).unseal('sso-client-secret', sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith('AA') ? 'BB' : 'AA');
    expect(tokens.unseal('sso-client-secret', parts.join('.'))).toBeNull();
    // Each sealing is different (a fresh nonce), so equal secrets do not show as equal.
    expect(tokens.seal('sso-client-secret', 'the-client-secret')).not.toBe(sealed);
  });
});
