import { and, eq } from 'drizzle-orm';
import { isTippCategory, SEVIS_RULE_MSG, TIPP_MSG, type studentsApi as S } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest, notFound } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { studentSitesOfActivity, studentTipps } from '../schema.js';
import { getAccessibleProfile, type TProfileRow } from '../student.policy.js';

export type TSiteFields = z.output<typeof S.ZSiteOfActivityInput>;

type TRow = typeof studentSitesOfActivity.$inferSelect;

const J1_ONLY = 'Sites of activity are for exchange visitors (J-1) only.';

/** SEVIS S2203: the primary site of activity cannot be deleted. */
export const MSG_PRIMARY_SITE_DEACTIVATE = SEVIS_RULE_MSG.primarySiteDeactivate;
/** SEVIS S2201: the primary site cannot become non-primary. */
export const MSG_PRIMARY_SITE_UNSET = SEVIS_RULE_MSG.primarySiteUnset;

/** The record the caller may edit, when it is a J-1's: only J-1 records have sites of activity. */
export async function editableJ1(tx: TTx, ctx: TContext, profileId: string): Promise<TProfileRow> {
  const p = await getAccessibleProfile(tx, ctx, profileId, 'edit');
  if (p.visaType !== 'J-1') throw badRequest(J1_ONLY);
  return p;
}

/**
 * A trainee or intern (SEVIS Table 15: 1G, 2A, 2B, 14, 15) has T/IPP sites, not sites of activity:
 * SEVIS refuses a site of activity for them outside the Korea WEST program (S2251, S2274; IWT S2256,
 * S2273). 400 otherwise.
 */
export async function assertSiteOfActivityAllowed(tx: TTx, p: TProfileRow): Promise<void> {
  if (!isTippCategory(p.evCategoryCode)) return;
  const [plan] = await tx.select({ exempt: studentTipps.exemptProgram }).from(studentTipps).where(eq(studentTipps.profileId, p.id));
  if (plan?.exempt !== 'KW') throw badRequest(TIPP_MSG.siteOfActivityRefused, undefined, 'TIPP_SITE_OF_ACTIVITY');
}

/** A site of activity of the student's record (404 otherwise). */
export async function loadSite(tx: TTx, profileId: string, siteId: string): Promise<TRow> {
  const [s] = await tx
    .select()
    .from(studentSitesOfActivity)
    .where(and(eq(studentSitesOfActivity.id, siteId), eq(studentSitesOfActivity.profileId, profileId)))
    .for('update');
  if (!s) throw notFound();
  return s;
}

/** Only one primary site: making one primary clears the others. */
export async function clearOtherPrimaries(tx: TTx, profileId: string, keepId: string) {
  const others = await tx
    .select({ id: studentSitesOfActivity.id })
    .from(studentSitesOfActivity)
    .where(and(eq(studentSitesOfActivity.profileId, profileId), eq(studentSitesOfActivity.isPrimary, true)));
  for (const o of others)
    if (o.id !== keepId) await tx.update(studentSitesOfActivity).set({ isPrimary: false }).where(eq(studentSitesOfActivity.id, o.id));
}

/** What a SEVIS site-of-activity update carries of a site. */
export const siteSevisPayload = (s: TRow, p: TProfileRow) => ({
  sevisId: p.sevisId,
  siteName: s.name,
  address: s.address,
  isPrimary: s.isPrimary,
});

/** Writes a site of activity's change to the student's History Log. */
export const auditSite = (tx: TTx, ctx: TContext, profileId: string, action: string, before: unknown, after: unknown) =>
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
