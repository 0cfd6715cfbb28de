import { and, eq } from 'drizzle-orm';
import type { TDb, TTx } from '../db/database.js';
import type { TokenService } from '../auth/tokens.js';
import { mailOptOuts } from './schema.js';

/** The MAC purpose of unsubscribe links: a value signed for anything else is never one. */
const PURPOSE = 'mail-unsubscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const normal = (address: string) => address.trim().toLowerCase();

/**
 * The token of an unsubscribe link (docs/product/messages.md#unsubscribing): the institution, the address
 * and an HMAC over both under a server secret, so it cannot be guessed or turned to another address.
 */
export function unsubscribeToken(tokens: TokenService, institutionId: string, address: string): string {
  const a = normal(address);
  const addr = Buffer.from(a, 'utf8').toString('base64url');
  return `${institutionId}.${addr}.${tokens.mac(PURPOSE, `${institutionId}:${a}`)}`;
}

/** What an unsubscribe token names, or null when it was not signed by this server (altered, cut, made up). */
export function readUnsubscribeToken(tokens: TokenService, token: string): { institutionId: string; address: string } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [institutionId, addr, mac] = parts as [string, string, string];
  if (!UUID.test(institutionId) || !/^[A-Za-z0-9_-]{1,700}$/.test(addr) || !/^[A-Za-z0-9_-]{43}$/.test(mac)) return null;
  const address = Buffer.from(addr, 'base64url').toString('utf8');
  if (!address.includes('@') || address !== normal(address)) return null;
  return tokens.verifyMac(PURPOSE, `${institutionId}:${address}`, mac) ? { institutionId: institutionId.toLowerCase(), address } : null;
}

/** The one-click unsubscribe address for an address's bulk mail (RFC 8058), on the institution's own portal address. */
export function unsubscribeUrl(tokens: TokenService, publicBaseUrl: string, institutionId: string, address: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/api/messages/unsubscribe?t=${unsubscribeToken(tokens, institutionId, address)}`;
}

/** Records that an address wants no more bulk mail from the institution (a second time changes nothing). */
export async function recordOptOut(tx: TTx, institutionId: string, address: string): Promise<void> {
  await tx
    .insert(mailOptOuts)
    .values({ institutionId, address: normal(address) })
    .onConflictDoNothing();
}

/**
 * Whether bulk mail to this address is to be left out (docs/product/messages.md#unsubscribing). Only bulk
 * mail asks: transactional and compliance mail is always sent.
 */
export async function isOptedOut(tx: TTx | TDb, institutionId: string, address: string): Promise<boolean> {
  const [row] = await tx
    .select({ a: mailOptOuts.address })
    .from(mailOptOuts)
    .where(and(eq(mailOptOuts.institutionId, institutionId), eq(mailOptOuts.address, normal(address))));
  return !!row;
}
