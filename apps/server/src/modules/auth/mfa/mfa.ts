import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { authApi, type TSession } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { hashToken, randomToken } from '../../../platform/auth/tokens.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, conflict, fieldError } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { loadSettings } from '../../institutions/index.js';
import { users, type TUserRow } from '../../people/index.js';
import { mfaChallenges, mfaRecoveryCodes, userMfa } from '../schema.js';
import { noteSecondStep, openSession } from '../session.service.js';
import { newRecoveryCodes, newTotpSecret, totpFor, totpStep } from './totp.js';
import { addPasskey, passkeyIsRight, passkeysOf, presentPasskey, removePasskey } from './passkeys.js';

const SEAL = 'mfa-totp-secret';
const CHALLENGE_MIN = 5;
const CHALLENGE_TRIES = 5;

const recoveryHash = (ctx: TContext, code: string) => ctx.services.tokens.mac('mfa-recovery-code', code.replace(/-/g, '').toUpperCase());
const wrongCode = () => fieldError('code', authApi.MSG_MFA.codeWrong);

async function mfaRow(tx: TTx, userId: string) {
  const [row] = await tx.select().from(userMfa).where(eq(userMfa.userId, userId));
  return row ?? null;
}

/** Whether the account signs in in two steps. */
export async function hasTwoSteps(tx: TTx, userId: string): Promise<boolean> {
  return !!(await mfaRow(tx, userId))?.enabledAt || (await passkeysOf(tx, userId)).length > 0;
}

/** After a right password of an account with two steps: the second step under way, instead of a session. */
export async function openChallenge(tx: TTx, ctx: TContext, user: TUserRow): Promise<authApi.TMfaChallenge> {
  const challenge = randomToken(32);
  await tx.insert(mfaChallenges).values({ institutionId: ctx.institutionId, userId: user.id, challengeHash: hashToken(challenge) });
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: null,
    entityType: 'user',
    entityId: user.id,
    action: 'auth.login.second-step',
    ip: ctx.ip,
  });
  const methods: authApi.TMfaChallenge['methods'] = [];
  if (await hasPasskeys(tx, user.id)) methods.push('passkey');
  if ((await mfaRow(tx, user.id))?.enabledAt) methods.push('totp');
  methods.push('recovery');
  return { type: 'mfa', challenge, methods };
}

/** Checks a code against the account's app (a step once only), or uses up one recovery code; false when neither. */
async function codeIsRight(tx: TTx, ctx: TContext, userId: string, method: 'totp' | 'recovery', code: string): Promise<boolean> {
  if (method === 'recovery') {
    const [used] = await tx
      .update(mfaRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, recoveryHash(ctx, code)), isNull(mfaRecoveryCodes.usedAt)),
      )
      .returning({ id: mfaRecoveryCodes.id });
    return !!used;
  }
  const row = await mfaRow(tx, userId);
  const secret = row?.totpSecretSealed ? ctx.services.tokens.unseal(SEAL, row.totpSecretSealed) : null;
  const step = secret ? totpStep(secret, code) : null;
  if (step === null) return false;
  // The step is taken only if it is newer than the last one used: two sign-ins racing with one code cannot both pass.
  const [taken] = await tx
    .update(userMfa)
    .set({ lastStep: step })
    .where(and(eq(userMfa.userId, userId), lt(userMfa.lastStep, step)))
    .returning({ userId: userMfa.userId });
  return !!taken;
}

type TChecked = { expired: true } | { wrong: 'totp' | 'recovery' | 'passkey' } | { right: typeof mfaChallenges.$inferSelect };

/**
 * Checks a second step under way (once, five minutes, five tries) and its code or passkey, auditing the
 * answer as `<action>-passed` / `-failed`; `userId` set: the challenge must be that person's.
 */
async function checkChallenge(
  tx: TTx,
  ctx: TContext,
  parsed: ReturnType<typeof authApi.ZVerifyMfaInput.parse>,
  action: string,
  userId?: string,
): Promise<TChecked> {
  const [c] = await tx
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(
      and(
        eq(mfaChallenges.challengeHash, hashToken(parsed.challenge)),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.createdAt, sql`now() - make_interval(mins => ${CHALLENGE_MIN})`),
        ...(userId ? [eq(mfaChallenges.userId, userId)] : []),
      ),
    )
    .returning();
  if (!c || c.attempts > CHALLENGE_TRIES) return { expired: true };
  const right =
    parsed.method === 'passkey'
      ? await passkeyIsRight(tx, ctx, c, parsed.response)
      : await codeIsRight(tx, ctx, c.userId, parsed.method, parsed.code);
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: userId ?? null,
    entityType: 'user',
    entityId: c.userId,
    action: right ? `${action}-passed` : `${action}-failed`,
    after: { method: parsed.method },
    ip: ctx.ip,
  });
  if (!right) return { wrong: parsed.method };
  await tx.update(mfaChallenges).set({ usedAt: new Date() }).where(eq(mfaChallenges.id, c.id));
  return { right: c };
}

/** The refusal of a second step that failed. */
function refusal(outcome: { expired: true } | { wrong: 'totp' | 'recovery' | 'passkey' }): AppError {
  if ('wrong' in outcome) return outcome.wrong === 'passkey' ? fieldError('response', authApi.MSG_MFA.passkeyFailed) : wrongCode();
  return new AppError(400, 'MFA_EXPIRED', authApi.MSG_MFA.challengeExpired);
}

/** The second step: the challenge (once, five minutes, five tries) and a right code open the session. */
export async function verifyMfa(ctx: TContext, input: authApi.TVerifyMfaInput): Promise<TSession> {
  const parsed = authApi.ZVerifyMfaInput.parse(input);
  const outcome = await ctx.db(async (tx) => {
    const checked = await checkChallenge(tx, ctx, parsed, 'auth.login.second-step');
    if (!('right' in checked)) return checked;
    const [user] = await tx.select().from(users).where(eq(users.id, checked.right.userId));
    if (!user?.isActive) return { expired: true as const };
    return { session: await openSession(tx, ctx, user, { via: 'password', secondStep: parsed.method }) };
  });
  if ('session' in outcome) return outcome.session;
  throw refusal(outcome);
}

/**
 * Confirm it's you (docs/product/two-step-sign-in.md#confirm-its-you): a second step for the signed-in
 * person's own session, for exports and permission changes. Someone with no second step of their own
 * cannot give one (single sign-on gave theirs): told how to, with 409.
 */
export async function startStepUp(ctx: TContext): Promise<authApi.TStepUpStart> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    if (!(await hasTwoSteps(tx, actor.userId))) throw new AppError(409, 'NO_SECOND_STEP', authApi.MSG_MFA.stepUpNoMethod);
    const challenge = randomToken(32);
    await tx.insert(mfaChallenges).values({ institutionId: ctx.institutionId, userId: actor.userId, challengeHash: hashToken(challenge) });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: actor.userId,
      action: 'auth.step-up.asked',
      ip: ctx.ip,
    });
    const methods: authApi.TStepUpStart['methods'] = [];
    if (await hasPasskeys(tx, actor.userId)) methods.push('passkey');
    if ((await mfaRow(tx, actor.userId))?.enabledAt) methods.push('totp');
    methods.push('recovery');
    return { challenge, methods };
  });
}

/** The step-up's code or passkey: this session counts as having just given its second step. */
export async function stepUp(ctx: TContext, input: authApi.TVerifyMfaInput): Promise<{ secondStepAt: string }> {
  const actor = requireActor(ctx);
  const parsed = authApi.ZVerifyMfaInput.parse(input);
  const outcome = await ctx.db(async (tx) => {
    const checked = await checkChallenge(tx, ctx, parsed, 'auth.step-up', actor.userId);
    if (!('right' in checked)) return checked;
    return { at: await noteSecondStep(tx, actor.sessionId) };
  });
  if ('at' in outcome) return { secondStepAt: outcome.at.toISOString() };
  throw refusal(outcome);
}

/** Refuses removing the last second step of someone whose office requires one. */
async function keepsRequiredStep(tx: TTx, ctx: TContext, userId: string): Promise<void> {
  if (ctx.actor?.secondStep?.required && !(await hasTwoSteps(tx, userId))) throw conflict(authApi.MSG_MFA.lastMethodRequired);
}

/** The signed-in person's two-step sign-in. */
export async function mfaStatus(ctx: TContext): Promise<authApi.TMfaStatus> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await mfaRow(tx, actor.userId);
    const [left] = await tx
      .select({ n: count() })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, actor.userId), isNull(mfaRecoveryCodes.usedAt)));
    const passkeys = (await passkeysOf(tx, actor.userId)).map(presentPasskey);
    const on = !!row?.enabledAt || passkeys.length > 0;
    const required = !!actor.secondStep?.required;
    return {
      passkeys,
      totpEnabled: !!row?.enabledAt,
      enabledAt: row?.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: on ? (left?.n ?? 0) : 0,
      required,
      setupRequired: required && !on && !actor.secondStep?.at,
    };
  });
}

/** A new secret for the person's app, kept pending until its first code confirms it. */
export async function startTotp(ctx: TContext): Promise<{ secret: string; otpauthUri: string; qrSvg: string }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await mfaRow(tx, actor.userId);
    if (row?.enabledAt) throw conflict(authApi.MSG_MFA.alreadyOn);
    const [user] = await tx.select().from(users).where(eq(users.id, actor.userId));
    const issuer = (await loadSettings(tx, ctx.institutionId)).accountName || 'Meridian';
    const secret = newTotpSecret();
    const sealed = ctx.services.tokens.seal(SEAL, secret);
    await tx
      .insert(userMfa)
      .values({ userId: actor.userId, institutionId: ctx.institutionId, pendingSecretSealed: sealed })
      .onConflictDoUpdate({ target: userMfa.userId, set: { pendingSecretSealed: sealed } });
    const otpauthUri = totpFor(secret, issuer, user!.userName).toString();
    const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUri, qrSvg };
  });
}

/** The app's first code turns two-step sign-in on; ten recovery codes are made and shown this once. */
export async function confirmTotp(ctx: TContext, code: string): Promise<{ recoveryCodes: string[] }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await mfaRow(tx, actor.userId);
    if (row?.enabledAt) throw conflict(authApi.MSG_MFA.alreadyOn);
    const secret = row?.pendingSecretSealed ? ctx.services.tokens.unseal(SEAL, row.pendingSecretSealed) : null;
    if (!secret) throw fieldError('code', authApi.MSG_MFA.notStarted);
    const step = totpStep(secret, code);
    if (step === null) throw wrongCode();
    await tx
      .update(userMfa)
      .set({ totpSecretSealed: row!.pendingSecretSealed, pendingSecretSealed: null, enabledAt: new Date(), lastStep: step })
      .where(eq(userMfa.userId, actor.userId));
    const codes = await newRecoveryCodesFor(tx, ctx, actor.userId);
    // The code just given is a second step: the session is full and may export for a while.
    await noteSecondStep(tx, actor.sessionId);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: actor.userId,
      action: 'auth.mfa.enabled',
      after: { method: 'totp' },
      ip: ctx.ip,
    });
    return { recoveryCodes: codes };
  });
}

/** Turns two-step sign-in off: a current code proves the phone is in the person's hand. */
export async function disableTotp(ctx: TContext, code: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    if (!(await mfaRow(tx, actor.userId))?.enabledAt) throw conflict(authApi.MSG_MFA.notOn);
    if (!(await codeIsRight(tx, ctx, actor.userId, 'totp', code))) throw wrongCode();
    await tx
      .update(userMfa)
      .set({ totpSecretSealed: null, pendingSecretSealed: null, enabledAt: null })
      .where(eq(userMfa.userId, actor.userId));
    await keepsRequiredStep(tx, ctx, actor.userId);
    // Recovery codes stand in for every method: they go with the last one.
    if (!(await hasPasskeys(tx, actor.userId))) await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, actor.userId));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: actor.userId,
      action: 'auth.mfa.disabled',
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}

const hasPasskeys = async (tx: TTx, userId: string) => (await passkeysOf(tx, userId)).length > 0;

/** Ten new recovery codes for the person (the old ones stop working); shown once by the caller. */
async function newRecoveryCodesFor(tx: TTx, ctx: TContext, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx
    .insert(mfaRecoveryCodes)
    .values(codes.map((c) => ({ institutionId: ctx.institutionId, userId, codeHash: recoveryHash(ctx, c) })));
  return codes;
}

/**
 * Registers a passkey; when it is the person's first second step (no app, no other passkey), their
 * recovery codes are made with it and answered this once.
 */
export async function registerPasskey(
  ctx: TContext,
  name: string,
  response: Record<string, unknown>,
): Promise<{ passkey: authApi.TPasskey; recoveryCodes: string[] | null }> {
  const actor = requireActor(ctx);
  const first = !(await ctx.db((tx) => hasTwoSteps(tx, actor.userId)));
  const created = await addPasskey(ctx, name, response);
  const recoveryCodes = await ctx.db(async (tx) => {
    // The passkey just used is a second step: the session is full and may export for a while.
    await noteSecondStep(tx, actor.sessionId);
    return first ? newRecoveryCodesFor(tx, ctx, actor.userId) : null;
  });
  return { passkey: presentPasskey(created), recoveryCodes };
}

/** Removes a passkey; with it the recovery codes go when no second step is left. */
export async function unregisterPasskey(ctx: TContext, passkeyId: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  await ctx.db(async (tx) => {
    // Refused before anything is removed: the last passkey of someone required to keep a second step stays.
    if (ctx.actor?.secondStep?.required && !(await mfaRow(tx, actor.userId))?.enabledAt && (await passkeysOf(tx, actor.userId)).length <= 1)
      throw conflict(authApi.MSG_MFA.lastMethodRequired);
  });
  await removePasskey(ctx, passkeyId);
  await ctx.db(async (tx) => {
    if (!(await hasTwoSteps(tx, actor.userId))) await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, actor.userId));
  });
  return { ok: true };
}
