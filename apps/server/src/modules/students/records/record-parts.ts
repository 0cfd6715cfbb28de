import { and, eq } from 'drizzle-orm';
import type { TRecordParts } from '../../attachments/index.js';
import { studentDependents, studentProfiles, studentSitesOfActivity } from '../schema.js';
import { staffReachesProfile } from '../student.policy.js';
import { studentMayFileDocument } from '../portal/operations/student-may-file-document.js';

/** A student record's dependents and sites of activity, as documents are filed for them. */
export const studentRecordParts: TRecordParts = {
  async activeDependents(tx, profileId) {
    const rows = await tx
      .select()
      .from(studentDependents)
      .where(and(eq(studentDependents.profileId, profileId), eq(studentDependents.status, 'Active')))
      .orderBy(studentDependents.createdAt);
    return rows.map((d) => ({ id: d.id, name: `${d.firstName} ${d.lastName}`.trim() }));
  },
  async activeSitesOfActivity(tx, profileId) {
    const rows = await tx
      .select()
      .from(studentSitesOfActivity)
      .where(and(eq(studentSitesOfActivity.profileId, profileId), eq(studentSitesOfActivity.isActive, true)))
      .orderBy(studentSitesOfActivity.createdAt);
    return rows.map((s) => ({ id: s.id, name: s.name }));
  },
  async hasDependent(tx, profileId, dependentId) {
    const [d] = await tx
      .select({ id: studentDependents.id })
      .from(studentDependents)
      .where(and(eq(studentDependents.id, dependentId), eq(studentDependents.profileId, profileId)));
    return !!d;
  },
  async hasSiteOfActivity(tx, profileId, soaId) {
    const [s] = await tx
      .select({ id: studentSitesOfActivity.id })
      .from(studentSitesOfActivity)
      .where(and(eq(studentSitesOfActivity.id, soaId), eq(studentSitesOfActivity.profileId, profileId)));
    return !!s;
  },
  async staffReachesRecord(tx, ctx, profileId) {
    const [p] = await tx.select().from(studentProfiles).where(eq(studentProfiles.id, profileId));
    return !!p && !!ctx.actor && ctx.actor.role === 'isssAdmin' && staffReachesProfile(ctx.actor, p, 'read');
  },
  mayFileOwnDocument: studentMayFileDocument,
};
