import { and, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { type customDocuments } from '../../forms/schema.js';
import { recordParts } from '../record-parts.js';
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
 * One slot per file a request's documents need (docs/product/attachments.md): a main-record document once;
 * a per-dependent document once for each active dependent of the student's record, a per-site one once
 * for each active site of activity. A request without a student record (scholars) files them once.
 */
export async function documentSlots(tx: TTx, request: { id: string; profileId: string | null }, docs: TDoc[]): Promise<TDocumentSlot[]> {
  if (docs.length === 0) return [];
  const needsDependents = request.profileId && docs.some((d) => d.appliesTo === 'dependent');
  const needsSites = request.profileId && docs.some((d) => d.appliesTo === 'site_of_activity');
  const dependents = needsDependents ? await recordParts().activeDependents(tx, request.profileId!) : [];
  const sites = needsSites ? await recordParts().activeSitesOfActivity(tx, request.profileId!) : [];
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
      for (const d of dependents) slots.push({ doc, dependentId: d.id, soaId: null, forWhom: d.name, hasFile: has(doc.id, d.id, null) });
    } else if (request.profileId && doc.appliesTo === 'site_of_activity') {
      for (const s of sites) slots.push({ doc, dependentId: null, soaId: s.id, forWhom: s.name, hasFile: has(doc.id, null, s.id) });
    } else {
      slots.push({ doc, dependentId: null, soaId: null, forWhom: '', hasFile: files.some((f) => f.doc === doc.id) });
    }
  }
  return slots;
}
