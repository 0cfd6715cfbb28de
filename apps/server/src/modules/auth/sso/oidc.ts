import * as client from 'openid-client';

/** Identity providers reached over plain http only on this machine (a provider started for tests or a trial). */
const loopback = (u: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);

const DISCOVERY_TTL_MS = 10 * 60_000;
const discovered = new Map<string, { at: number; config: client.Configuration }>();

export interface TOidcClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The provider's configuration from its discovery document (issuer, endpoints, signing keys), kept for
 * ten minutes per provider and client: a rolled-over signing key is picked up within that time.
 */
export async function oidcConfiguration(c: TOidcClient, fresh = false): Promise<client.Configuration> {
  const key = `${c.issuer}\u0000${c.clientId}\u0000${c.clientSecret}`;
  const hit = discovered.get(key);
  if (hit && !fresh && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const url = new URL(c.issuer);
  const config = await client.discovery(url, c.clientId, c.clientSecret, undefined, {
    ...(url.protocol === 'http:' && loopback(url) ? { execute: [client.allowInsecureRequests] } : {}),
    timeout: 10,
  });
  discovered.set(key, { at: Date.now(), config });
  return config;
}

export { client as oidc };
