import type { TAccessClaims } from './tokens.js';
import type { TAuthenticatedActor, TSessionLookup } from '../http/context.js';

/**
 * How long a verified session is trusted without asking the database again. Every API call used to
 * open a transaction of its own just to check its session; within this window a node reuses its last
 * answer. It bounds how late a sign-out, revocation, deactivation or permission change made on
 * another node is noticed here; on this node any write forgets every cached session at once
 * (docs/decisions/021-api-call-overhead-and-request-list-paging.md).
 */
export const SESSION_CACHE_MS = 3000;
const MAX_ENTRIES = 10_000;

/** Bumped by every write that may end a session or change an account: older lookups no longer count. */
let generation = 0;

/**
 * Forgets every cached session of this process. Called after each API write and by the code that
 * revokes sessions, so a change made here takes effect on the very next call.
 */
export function forgetCachedSessions(): void {
  generation++;
}

interface TEntry {
  actor: TAuthenticatedActor | null;
  generation: number;
  until: number;
}

/**
 * Wraps a session lookup with a short per-process memory. An answer is kept only if nothing was
 * forgotten while it was being looked up (a lookup racing a sign-out must not store the old answer).
 * A refused session (null) is not kept: it costs nothing to ask again and must never outlive a sign-in.
 */
export function cachedSessionLookup(lookup: TSessionLookup, ttlMs = SESSION_CACHE_MS, now: () => number = Date.now): TSessionLookup {
  const entries = new Map<string, TEntry>();
  return async (claims: TAccessClaims, institutionId: string) => {
    const key = `${institutionId}/${claims.sid}/${claims.sub}`;
    const hit = entries.get(key);
    const t = now();
    if (hit && hit.generation === generation && hit.until > t) return hit.actor;
    const started = generation;
    const actor = await lookup(claims, institutionId);
    if (actor && started === generation && ttlMs > 0) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { actor, generation: started, until: t + ttlMs });
    } else entries.delete(key);
    return actor;
  };
}
