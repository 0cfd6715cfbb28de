import { and, eq } from 'drizzle-orm';
import type { lettersApi } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors/app-error.js';
import { users } from '../people/index.js';
import { letterTemplates, type TLetterTemplateRow } from './schema.js';

/** A template as the office reads it: the signature file is named, never its storage key. */
export function presentTemplate(row: TLetterTemplateRow, updatedByName: string | null): lettersApi.TLetterTemplate {
  return {
    id: row.id,
    name: row.name,
    recordKind: row.recordKind,
    body: row.body,
    showLogo: row.showLogo,
    addressLines: row.addressLines,
    signerName: row.signerName,
    signerTitle: row.signerTitle,
    signature:
      row.signatureStorageKey && row.signatureFileName && row.signatureContentType
        ? { fileName: row.signatureFileName, contentType: row.signatureContentType, sizeBytes: row.signatureSizeBytes ?? 0 }
        : null,
    defaultVisibility: row.defaultVisibility,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedByName,
  };
}

/** What the audit trail keeps of a template (the body's size, not its text). */
export function templateAuditShape(row: TLetterTemplateRow) {
  return {
    name: row.name,
    recordKind: row.recordKind,
    blocks: row.body.length,
    showLogo: row.showLogo,
    addressLines: row.addressLines,
    signerName: row.signerName,
    signerTitle: row.signerTitle,
    signature: row.signatureFileName,
    defaultVisibility: row.defaultVisibility,
    isActive: row.isActive,
  };
}

/** A template of this institution that is not deleted (RLS keeps other institutions' out); 404 otherwise. */
export async function loadTemplate(tx: TTx, templateId: string): Promise<TLetterTemplateRow> {
  const [row] = await tx
    .select()
    .from(letterTemplates)
    .where(and(eq(letterTemplates.id, templateId), eq(letterTemplates.isDeleted, false)));
  if (!row) throw notFound();
  return row;
}

export async function userName(tx: TTx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [u] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return u ? `${u.firstName} ${u.lastName}`.trim() : null;
}

export async function presentLoaded(tx: TTx, row: TLetterTemplateRow): Promise<lettersApi.TLetterTemplate> {
  return presentTemplate(row, await userName(tx, row.updatedBy));
}
