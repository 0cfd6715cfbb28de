import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { studentDependents, studentSitesOfActivity, studentProfiles } from '../../schema.js';
import { stageViewOf } from '../stage-progress.js';

/**
 * May this student file an upload for this custom document on their own record? Only a document
 * their current stage asks, for their own dependent or site of activity when it applies per one.
 * Returns the refusal (with the field it is about, if any), or null when allowed. Used by the attachments module.
 */
export async function studentMayFileDocument(
  tx: TTx,
  ctx: TContext,
  f: { customDocumentId?: string | null; dependentId?: string | null; soaId?: string | null },
): Promise<{ field?: string; message: string } | null> {
  const notAsked = { message: 'This document is not asked of you now.' };
  if (!f.customDocumentId) return notAsked;
  const [p] = await tx
    .select()
    .from(studentProfiles)
    .where(eq(studentProfiles.userId, requireActor(ctx).userId));
  if (!p) return notAsked;
  const view = await stageViewOf(tx, p);
  const doc = view.documents.find((d) => d.id === f.customDocumentId);
  if (!doc) return notAsked;
  if (doc.slots.some((s) => s.dependentId === (f.dependentId ?? null) && s.soaId === (f.soaId ?? null))) return null;
  // The slot must be one of the student's own dependents or sites of activity, as the document applies.
  if (f.dependentId) {
    const [d] = await tx
      .select({ id: studentDependents.id })
      .from(studentDependents)
      .where(and(eq(studentDependents.id, f.dependentId), eq(studentDependents.profileId, p.id)));
    if (!d) return { field: 'dependentId', message: 'The dependent was not found.' };
  }
  if (f.soaId) {
    const [s] = await tx
      .select({ id: studentSitesOfActivity.id })
      .from(studentSitesOfActivity)
      .where(and(eq(studentSitesOfActivity.id, f.soaId), eq(studentSitesOfActivity.profileId, p.id)));
    if (!s) return { field: 'soaId', message: 'The site of activity was not found.' };
  }
  if (doc.appliesTo === 'dependent') return { field: 'dependentId', message: 'Choose the dependent this file is for.' };
  if (doc.appliesTo === 'site_of_activity') return { field: 'soaId', message: 'Choose the site of activity this file is for.' };
  return { field: 'customDocumentId', message: 'This document is for your own record, not a dependent or site of activity.' };
}
