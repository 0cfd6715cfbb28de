import { and, eq } from 'drizzle-orm';
import { loginThrottle, passwordLinks, sessions } from '../../src/modules/auth/schema.js';
import { hashToken, randomToken } from '../../src/platform/auth/tokens.js';
import type { TTestApp } from '../app.js';
import { forgetCachedSessions } from '../../src/platform/auth/session-cache.js';
import { owner } from './db.js';

/*
 * Time passing for sign-in state: the rules under test compare these stamps with now, and a test
 * cannot wait hours. Each moves one stamp back as the clock would.
 */

/** A user's sessions began `ms` earlier than they did. */
export async function ageSessions(t: TTestApp, userId: string, ms: number): Promise<void> {
  const rows = await owner(t).select().from(sessions).where(eq(sessions.userId, userId));
  if (rows.length === 0) throw new Error('factory: the user has no session');
  for (const row of rows)
    await owner(t)
      .update(sessions)
      .set({ createdAt: new Date(row.createdAt.getTime() - ms) })
      .where(eq(sessions.id, row.id));
  forgetCachedSessions();
}

/** The last failed sign-in of a throttle key happened `ms` earlier (e.g. the wait has passed). */
export async function ageLoginFailures(t: TTestApp, key: string, ms: number, institutionId = t.institutionA): Promise<void> {
  const [row] = await owner(t)
    .select()
    .from(loginThrottle)
    .where(and(eq(loginThrottle.institutionId, institutionId), eq(loginThrottle.key, key)));
  if (!row) throw new Error(`factory: no failed sign-ins for ${key}`);
  await owner(t)
    .update(loginThrottle)
    .set({ lastFailureAt: new Date(row.lastFailureAt.getTime() - ms) })
    .where(and(eq(loginThrottle.institutionId, institutionId), eq(loginThrottle.key, key)));
}

/** A password link (by the token its mail carried) has reached its expiry. */
export async function expirePasswordLink(t: TTestApp, token: string): Promise<void> {
  const rows = await owner(t)
    .update(passwordLinks)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(passwordLinks.tokenHash, hashToken(token)))
    .returning({ id: passwordLinks.id });
  if (rows.length !== 1) throw new Error('factory: no password link for that token');
}

/**
 * A live e-mailed sign-in link of a user (the state after the owner asked for one while being slowed
 * down; tests of how it is asked for go through the API): the token its mail would carry.
 */
export async function buildSignInLink(t: TTestApp, userId: string, institutionId = t.institutionA): Promise<string> {
  const token = randomToken(32);
  await owner(t)
    .insert(passwordLinks)
    .values({ institutionId, userId, tokenHash: hashToken(token), purpose: 'sign-in', expiresAt: new Date(Date.now() + 15 * 60_000) });
  return token;
}
