import { and, eq } from 'drizzle-orm';
import type { studentsApi as S } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, badRequest, notFound } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { studentSitesOfActivity } from '../schema.js';
import { getAccessibleProfile, type TProfileRow } from '../student.policy.js';
import { presentSite } from '../student-record.presenter.js';
import { raiseEvent } from './sevis-events.js';

type TInput = z.output<typeof S.ZSiteOfActivityInput>;
type TRow = typeof studentSitesOfActivity.$inferSelect;

const J1_ONLY = 'Sites of activity are for exchange visitors (J-1) only.';

async function editableJ1(tx: TTx, ctx: TContext, profileId: string): Promise<TProfileRow> {
  const p = await getAccessibleProfile(tx, ctx, profileId, 'edit');
  if (p.visaType !== 'J-1') throw badRequest(J1_ONLY);
  return p;
}

async function loadSite(tx: TTx, profileId: string, siteId: string): Promise<TRow> {
  const [s] = await tx
    .select()
    .from(studentSitesOfActivity)
    .where(and(eq(studentSitesOfActivity.id, siteId), eq(studentSitesOfActivity.profileId, profileId)))
    .for('update');
  if (!s) throw notFound();
  return s;
}

/** Only one primary site: making one primary clears the others. */
async function clearOtherPrimaries(tx: TTx, profileId: string, keepId: string) {
  const others = await tx
    .select({ id: studentSitesOfActivity.id })
    .from(studentSitesOfActivity)
    .where(and(eq(studentSitesOfActivity.profileId, profileId), eq(studentSitesOfActivity.isPrimary, true)));
  for (const o of others)
    if (o.id !== keepId) await tx.update(studentSitesOfActivity).set({ isPrimary: false }).where(eq(studentSitesOfActivity.id, o.id));
}

const payload = (s: TRow, p: TProfileRow) => ({ sevisId: p.sevisId, siteName: s.name, address: s.address, isPrimary: s.isPrimary });
const audit = (tx: TTx, ctx: TContext, profileId: string, action: string, before: unknown, after: unknown) =>
  writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'student_profile',
    entityId: profileId,
    action,
    before,
    after,
    ip: ctx.ip,
  });

export async function addSite(ctx: TContext, profileId: string, input: TInput) {
  return ctx.db(async (tx) => {
    const p = await editableJ1(tx, ctx, profileId);
    const [s] = await tx
      .insert(studentSitesOfActivity)
      .values({ institutionId: ctx.institutionId, profileId, ...input })
      .returning();
    if (s!.isPrimary) await clearOtherPrimaries(tx, profileId, s!.id);
    await raiseEvent(tx, ctx, {
      profileId,
      eventType: 'SiteOfActivity',
      action: 'Add',
      merge: false,
      payload: { siteId: s!.id, ...payload(s!, p) },
    });
    await audit(tx, ctx, profileId, 'student.site-of-activity.added', null, { siteId: s!.id, name: s!.name, isPrimary: s!.isPrimary });
    return presentSite(s!);
  });
}

export async function updateSite(ctx: TContext, profileId: string, siteId: string, input: TInput) {
  return ctx.db(async (tx) => {
    const p = await editableJ1(tx, ctx, profileId);
    const before = await loadSite(tx, profileId, siteId);
    if (!before.isActive) throw new AppError(409, 'SITE_INACTIVE', 'This site of activity was deactivated and can no longer be changed.');
    const [s] = await tx
      .update(studentSitesOfActivity)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(studentSitesOfActivity.id, siteId))
      .returning();
    if (s!.isPrimary) await clearOtherPrimaries(tx, profileId, siteId);
    await raiseEvent(tx, ctx, {
      profileId,
      eventType: 'SiteOfActivity',
      action: 'Edit',
      merge: false,
      payload: { siteId, ...payload(s!, p) },
    });
    await audit(
      tx,
      ctx,
      profileId,
      'student.site-of-activity.updated',
      { siteId, name: before.name, address: before.address, isPrimary: before.isPrimary },
      { siteId, name: s!.name, address: s!.address, isPrimary: s!.isPrimary },
    );
    return presentSite(s!);
  });
}

export async function deactivateSite(ctx: TContext, profileId: string, siteId: string) {
  return ctx.db(async (tx) => {
    const p = await editableJ1(tx, ctx, profileId);
    const before = await loadSite(tx, profileId, siteId);
    if (!before.isActive) return presentSite(before);
    const [s] = await tx
      .update(studentSitesOfActivity)
      .set({ isActive: false, isPrimary: false, updatedAt: new Date() })
      .where(eq(studentSitesOfActivity.id, siteId))
      .returning();
    await raiseEvent(tx, ctx, {
      profileId,
      eventType: 'SiteOfActivity',
      action: 'Delete',
      merge: false,
      payload: { siteId, ...payload(before, p) },
    });
    await audit(
      tx,
      ctx,
      profileId,
      'student.site-of-activity.deactivated',
      { siteId, isActive: true },
      { siteId, name: s!.name, isActive: false },
    );
    return presentSite(s!);
  });
}
