import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { authApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { hashToken } from '../../../platform/auth/tokens.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, fieldError, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { loadSettings } from '../../institutions/index.js';
import { users } from '../../people/index.js';
import { mfaChallenges, userMfa, webauthnCredentials } from '../schema.js';

/** The relying party: the portal's configured address (never a request's Host). */
async function relyingParty(tx: TTx, institutionId: string): Promise<{ name: string; id: string; origin: string }> {
  const s = await loadSettings(tx, institutionId);
  const url = new URL(s.publicBaseUrl);
  return { name: s.accountName || 'Meridian', id: url.hostname, origin: url.origin };
}

type TCredentialRow = typeof webauthnCredentials.$inferSelect;

export const presentPasskey = (r: TCredentialRow): authApi.TPasskey => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

export async function passkeysOf(tx: TTx, userId: string): Promise<TCredentialRow[]> {
  return tx.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId)).orderBy(webauthnCredentials.createdAt);
}

/** The options for navigator.credentials.create: this person, and the passkeys they already have left out. */
export async function passkeyRegistrationOptions(ctx: TContext): Promise<Record<string, unknown> & { challenge: string }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rp = await relyingParty(tx, ctx.institutionId);
    const [user] = await tx.select().from(users).where(eq(users.id, actor.userId));
    const existing = await passkeysOf(tx, actor.userId);
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user!.userName,
      userDisplayName: `${user!.firstName} ${user!.lastName}`.trim(),
      userID: new TextEncoder().encode(user!.id),
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await tx
      .insert(userMfa)
      .values({ userId: actor.userId, institutionId: ctx.institutionId, passkeyChallenge: options.challenge })
      .onConflictDoUpdate({ target: userMfa.userId, set: { passkeyChallenge: options.challenge } });
    return options as unknown as Record<string, unknown> & { challenge: string };
  });
}

/** Checks and keeps the passkey the browser created (its challenge once). */
export async function addPasskey(ctx: TContext, name: string, response: Record<string, unknown>): Promise<TCredentialRow> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rp = await relyingParty(tx, ctx.institutionId);
    const [row] = await tx.select().from(userMfa).where(eq(userMfa.userId, actor.userId));
    const expected = row?.passkeyChallenge;
    if (!expected) throw fieldError('response', authApi.MSG_MFA.passkeyFailed);
    await tx.update(userMfa).set({ passkeyChallenge: null }).where(eq(userMfa.userId, actor.userId));
    let info;
    try {
      const v = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: expected,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
      info = v.verified ? v.registrationInfo : null;
    } catch {
      info = null;
    }
    if (!info) throw fieldError('response', authApi.MSG_MFA.passkeyFailed);
    const [created] = await tx
      .insert(webauthnCredentials)
      .values({
        institutionId: ctx.institutionId,
        userId: actor.userId,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        name,
      })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: actor.userId,
      action: 'auth.mfa.passkey-added',
      after: { name },
      ip: ctx.ip,
    });
    return created!;
  });
}

export async function removePasskey(ctx: TContext, passkeyId: string): Promise<void> {
  const actor = requireActor(ctx);
  await ctx.db(async (tx) => {
    const [gone] = await tx
      .delete(webauthnCredentials)
      .where(and(eq(webauthnCredentials.id, passkeyId), eq(webauthnCredentials.userId, actor.userId)))
      .returning();
    if (!gone) throw notFound();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: actor.userId,
      action: 'auth.mfa.passkey-removed',
      before: { name: gone.name },
      ip: ctx.ip,
    });
  });
}

const expiredStep = () => new AppError(400, 'MFA_EXPIRED', authApi.MSG_MFA.challengeExpired);

/** The options for navigator.credentials.get in a second step: the account's own passkeys. */
export async function passkeySignInOptions(ctx: TContext, challenge: string): Promise<Record<string, unknown> & { challenge: string }> {
  return ctx.db(async (tx) => {
    const [c] = await tx
      .select()
      .from(mfaChallenges)
      .where(
        and(
          eq(mfaChallenges.challengeHash, hashToken(challenge)),
          isNull(mfaChallenges.usedAt),
          gt(mfaChallenges.createdAt, sql`now() - make_interval(mins => 5)`),
        ),
      );
    if (!c) throw expiredStep();
    const rp = await relyingParty(tx, ctx.institutionId);
    const creds = await passkeysOf(tx, c.userId);
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: creds.map((k) => ({ id: k.credentialId, transports: k.transports })),
      userVerification: 'preferred',
    });
    await tx.update(mfaChallenges).set({ passkeyChallenge: options.challenge }).where(eq(mfaChallenges.id, c.id));
    return options as unknown as Record<string, unknown> & { challenge: string };
  });
}

/** Whether the browser's answer is a valid signature of this second step's challenge by one of the person's passkeys. */
export async function passkeyIsRight(
  tx: TTx,
  ctx: TContext,
  step: { userId: string; passkeyChallenge: string | null },
  response: Record<string, unknown>,
): Promise<boolean> {
  if (!step.passkeyChallenge) return false;
  const [cred] = await tx
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.userId, step.userId), eq(webauthnCredentials.credentialId, String(response.id))));
  if (!cred) return false;
  const rp = await relyingParty(tx, ctx.institutionId);
  try {
    const v = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: step.passkeyChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: cred.credentialId,
        publicKey: Buffer.from(cred.publicKey, 'base64url'),
        counter: cred.counter,
        transports: cred.transports,
      },
      requireUserVerification: false,
    });
    if (!v.verified) return false;
    await tx
      .update(webauthnCredentials)
      .set({ counter: v.authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(eq(webauthnCredentials.id, cred.id));
    return true;
  } catch {
    return false;
  }
}
