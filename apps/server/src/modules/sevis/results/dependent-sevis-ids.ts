import { asc, eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { type TContext } from '../../../platform/http/context.js';
import {
  assignDependentSevisId,
  assignSiteSevisId,
  assignTippSevisIds,
  studentDependents,
  studentSitesOfActivity,
} from '../../students/index.js';
import { dependentByUserDefined } from '../xml/index.js';
import { type sevisBatchRecords, type TBatchRow } from '../schema.js';
import { type TLogRecord } from './trans-log-parse.js';

type TBatchRecord = typeof sevisBatchRecords.$inferSelect;

/**
 * SEVIS IDs of the dependents a record's result names. A Dependent update names its dependent; a
 * Create's dependents are matched by the UserDefinedB SEVIS echoes (we send each dependent's row
 * there, SEVIS Common.xsd UserDefinedBType), never by their position in the log. A dependent SEVIS
 * names that no row of ours matches is reported (unmatched), not guessed.
 */
export async function assignDependentIds(
  tx: TTx,
  ctx: TContext,
  batch: TBatchRow,
  rec: TBatchRecord,
  dependentId: string | null,
  logRec: TLogRecord,
): Promise<{ assigned: string[]; unmatched: string[] }> {
  const withIds = logRec.dependents.filter((d) => d.sevisId);
  const out = { assigned: [] as string[], unmatched: [] as string[] };
  if (!withIds.length) return out;
  const ours = await tx
    .select()
    .from(studentDependents)
    .where(eq(studentDependents.profileId, rec.profileId))
    .orderBy(asc(studentDependents.createdAt));
  const setId = async (depId: string, sevisId: string) => {
    const dep = ours.find((d) => d.id === depId);
    if (!dep || dep.sevisId === sevisId) return;
    await assignDependentSevisId(tx, depId, sevisId);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_dependent',
      entityId: depId,
      action: 'student.dependent.sevis-id.assigned',
      before: { sevisId: dep.sevisId },
      after: { sevisId, batchId: batch.batchId, requestId: rec.sevisRequestId },
      ip: ctx.ip,
    });
    dep.sevisId = sevisId;
    out.assigned.push(sevisId);
  };
  for (const d of withIds) {
    const byUserDefined = dependentByUserDefined(ours, d.userDefinedB);
    // A Dependent update carries one dependent: SEVIS's answer is about it, whatever it echoes.
    const target = byUserDefined ?? (dependentId && withIds.length === 1 ? ours.find((o) => o.id === dependentId) : undefined);
    if (target) await setId(target.id, d.sevisId!);
    else if (!ours.some((o) => o.sevisId === d.sevisId)) out.unmatched.push(d.sevisId!);
  }
  return out;
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toUpperCase().slice(0, 60);

/**
 * SEVIS's SiteId of each site of activity a record's result names (SevisTransLog.xsd
 * SiteOfActivityLogType): the schema carries no user-defined field for sites, so a site is matched
 * by the name it was sent under (SiteName, at most 60 characters), among the record's sites.
 */
export async function assignSiteIds(
  tx: TTx,
  ctx: TContext,
  batch: TBatchRow,
  rec: TBatchRecord,
  logSites: TLogRecord['sites'],
): Promise<string[]> {
  if (!logSites.length) return [];
  const ours = await tx.select().from(studentSitesOfActivity).where(eq(studentSitesOfActivity.profileId, rec.profileId));
  const assigned: string[] = [];
  for (const s of logSites) {
    if (!s.sevisSiteId) continue;
    const matches = ours.filter((o) => norm(o.name) === norm(s.siteName));
    const site = matches.find((o) => o.isActive) ?? matches[0];
    if (!site || site.sevisSiteId === s.sevisSiteId) continue;
    await assignSiteSevisId(tx, site.id, s.sevisSiteId);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_profile',
      entityId: rec.profileId,
      action: 'student.site-of-activity.sevis-id.assigned',
      before: { siteId: site.id, sevisSiteId: site.sevisSiteId },
      after: { siteId: site.id, sevisSiteId: s.sevisSiteId, batchId: batch.batchId, requestId: rec.sevisRequestId },
      ip: ctx.ip,
    });
    site.sevisSiteId = s.sevisSiteId;
    assigned.push(s.sevisSiteId);
  }
  return assigned;
}

/**
 * SEVIS's ids of the T/IPP sites and phases a record's result names (SevisTransLog.xsd
 * SiteOfActivityLogType: SiteId, SiteName, Phase/PhaseId, PhaseName), kept by the students module on
 * the sites and phases the batch carried; each assignment is in the record's History Log. Returns the
 * logged sites that are not the T/IPP's (sites of activity).
 */
export async function assignTippIds(
  tx: TTx,
  ctx: TContext,
  batch: TBatchRow,
  rec: TBatchRecord,
  logSites: TLogRecord['sites'],
): Promise<{ assigned: number; others: TLogRecord['sites'] }> {
  const { assigned, others } = await assignTippSevisIds(tx, rec.profileId, logSites);
  for (const a of assigned)
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_profile',
      entityId: rec.profileId,
      action: 'student.tipp.sevis-ids.assigned',
      after: { ...a, batchId: batch.batchId, requestId: rec.sevisRequestId },
      ip: ctx.ip,
    });
  return { assigned: assigned.length, others };
}
