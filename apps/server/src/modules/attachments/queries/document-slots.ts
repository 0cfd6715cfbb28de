import { and, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { customDocuments } from '../../forms/schema.js';
import { studentDependents, studentSitesOfActivity } from '../../students/schema.js';
import { attachments } from '../schema.js';

type TDoc = typeof customDocuments.$inferSelect;
export interface TDocumentSlot {
  doc: TDoc;
  dependentId: string | null;
  soaId: string | null;
  /** Whom the file is for: '' for the main record, else the dependent's or the site's name. */
  forWhom: string;
  hasFile: boolean;
}

/**
 * One slot per file a request's documents need (spec 000 s5, last line): a main-record document once;
 * a per-dependent document once for each active dependent of the student's record, a per-site one once
 * for each active site of activity. A request without a student record (scholars) files them once.
 */
export async function documentSlots(tx: TTx, request: { id: string; profileId: string | null }, docs: TDoc[]): Promise<TDocumentSlot[]> {
  if (docs.length === 0) return [];
  const needsDependents = request.profileId && docs.some((d) => d.appliesTo === 'dependent');
  const needsSites = request.profileId && docs.some((d) => d.appliesTo === 'site_of_activity');
  const dependents = needsDependents
    ? await tx
        .select()
        .from(studentDependents)
        .where(and(eq(studentDependents.profileId, request.profileId!), eq(studentDependents.status, 'Active')))
        .orderBy(studentDependents.createdAt)
    : [];
  const sites = needsSites
    ? await tx
        .select()
        .from(studentSitesOfActivity)
        .where(and(eq(studentSitesOfActivity.profileId, request.profileId!), eq(studentSitesOfActivity.isActive, true)))
        .orderBy(studentSitesOfActivity.createdAt)
    : [];
  const files = await tx
    .select({ doc: attachments.customDocumentId, dep: attachments.dependentId, soa: attachments.soaId })
    .from(attachments)
    .where(
      and(
        eq(attachments.requestId, request.id),
        eq(attachments.status, 'active'),
        inArray(
          attachments.customDocumentId,
          docs.map((d) => d.id),
        ),
      ),
    );
  const has = (docId: string, dep: string | null, soa: string | null) =>
    files.some((f) => f.doc === docId && (f.dep ?? null) === dep && (f.soa ?? null) === soa);
  const slots: TDocumentSlot[] = [];
  for (const doc of docs) {
    if (request.profileId && doc.appliesTo === 'dependent') {
      for (const d of dependents)
        slots.push({
          doc,
          dependentId: d.id,
          soaId: null,
          forWhom: `${d.firstName} ${d.lastName}`.trim(),
          hasFile: has(doc.id, d.id, null),
        });
    } else if (request.profileId && doc.appliesTo === 'site_of_activity') {
      for (const s of sites) slots.push({ doc, dependentId: null, soaId: s.id, forWhom: s.name, hasFile: has(doc.id, null, s.id) });
    } else {
      slots.push({ doc, dependentId: null, soaId: null, forWhom: '', hasFile: files.some((f) => f.doc === doc.id) });
    }
  }
  return slots;
}
