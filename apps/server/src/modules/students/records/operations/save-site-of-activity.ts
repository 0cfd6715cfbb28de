import { eq } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError, badRequest, fieldError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { studentSitesOfActivity } from '../../schema.js';
import type { TProfileRow } from '../../student.policy.js';
import { raiseEvent } from './raise-event.js';
import {
  assertSiteOfActivityAllowed,
  auditSite,
  clearOtherPrimaries,
  loadSite,
  MSG_PRIMARY_SITE_UNSET,
  siteSevisPayload,
  type TSiteFields,
} from '../site-fields.js';

const J1_ONLY = 'Sites of activity are for exchange visitors (J-1) only.';
type TSiteRow = typeof studentSitesOfActivity.$inferSelect;

/**
 * Adds a site of activity to a J-1's record in the caller's transaction and queues SEVIS's
 * SiteOfActivity/Add: the office's own add, or an approved request (a scholar's Add Site of Activity).
 */
export async function insertSiteOfActivity(
  tx: TTx,
  ctx: TContext,
  p: TProfileRow,
  input: TSiteFields,
  requestId: string | null = null,
): Promise<TSiteRow> {
  if (p.visaType !== 'J-1') throw badRequest(J1_ONLY);
  await assertSiteOfActivityAllowed(tx, p);
  const [s] = await tx
    .insert(studentSitesOfActivity)
    .values({ institutionId: ctx.institutionId, profileId: p.id, ...input })
    .returning();
  if (s!.isPrimary) await clearOtherPrimaries(tx, p.id, s!.id);
  await raiseEvent(tx, ctx, {
    profileId: p.id,
    eventType: 'SiteOfActivity',
    action: 'Add',
    merge: false,
    requestId,
    payload: { siteId: s!.id, ...siteSevisPayload(s!, p) },
  });
  await auditSite(tx, ctx, p.id, 'student.site-of-activity.added', null, {
    siteId: s!.id,
    name: s!.name,
    isPrimary: s!.isPrimary,
    ...(requestId ? { requestId } : {}),
  });
  return s!;
}

/**
 * Changes a site of activity of a J-1's record in the caller's transaction and queues SEVIS's
 * SiteOfActivity/Edit (SEVIS finds the site by the name it knows: a rename sends that name and the new one).
 * A deactivated site is not changed (409); the primary site stays primary (SEVIS S2201).
 */
export async function changeSiteOfActivity(
  tx: TTx,
  ctx: TContext,
  p: TProfileRow,
  siteId: string,
  input: TSiteFields,
  requestId: string | null = null,
): Promise<{ before: TSiteRow; after: TSiteRow }> {
  if (p.visaType !== 'J-1') throw badRequest(J1_ONLY);
  await assertSiteOfActivityAllowed(tx, p);
  const before = await loadSite(tx, p.id, siteId);
  if (!before.isActive) throw new AppError(409, 'SITE_INACTIVE', 'This site of activity was deactivated and can no longer be changed.');
  if (before.isPrimary && !input.isPrimary) throw fieldError('isPrimary', MSG_PRIMARY_SITE_UNSET);
  const [s] = await tx
    .update(studentSitesOfActivity)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(studentSitesOfActivity.id, siteId))
    .returning();
  if (s!.isPrimary) await clearOtherPrimaries(tx, p.id, siteId);
  await raiseEvent(tx, ctx, {
    profileId: p.id,
    eventType: 'SiteOfActivity',
    action: 'Edit',
    merge: false,
    requestId,
    payload: { siteId, ...siteSevisPayload(s!, p), ...(before.name !== s!.name ? { previousSiteName: before.name } : {}) },
  });
  await auditSite(
    tx,
    ctx,
    p.id,
    'student.site-of-activity.updated',
    { siteId, name: before.name, address: before.address, isPrimary: before.isPrimary },
    { siteId, name: s!.name, address: s!.address, isPrimary: s!.isPrimary, ...(requestId ? { requestId } : {}) },
  );
  return { before, after: s! };
}
