import { and, eq, ne, sql } from 'drizzle-orm';
import { checkMergeTemplate, lettersApi, mergeCheckMessage } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import { fieldError } from '../../../platform/errors/app-error.js';
import { fileStorage } from '../../../platform/files/storage.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { loadTemplate, presentLoaded, templateAuditShape } from '../letter-template.presenter.js';
import { letterTemplates } from '../schema.js';

type TInput = z.output<typeof lettersApi.ZSaveLetterTemplateInput>;

/**
 * Creates or updates a letter template (docs/product/letters.md#templates). Merge tags the catalogue does
 * not have, or that the template's kind of record cannot fill, are refused on the body; so is a name
 * another template has. Audited with before and after.
 */
export async function saveLetterTemplate(ctx: TContext, input: TInput): Promise<lettersApi.TLetterTemplate> {
  const actor = requireActor(ctx);
  const problem = mergeCheckMessage(checkMergeTemplate(lettersApi.letterBodyText(input.body), input.recordKind));
  if (problem) throw fieldError('body', problem);
  let removedKey: string | null = null;
  const saved = await ctx.db(async (tx) => {
    const before = input.id ? await loadTemplate(tx, input.id) : null;
    const [taken] = await tx
      .select({ id: letterTemplates.id })
      .from(letterTemplates)
      .where(
        and(
          eq(letterTemplates.isDeleted, false),
          sql`lower(${letterTemplates.name}) = lower(${input.name})`,
          input.id ? ne(letterTemplates.id, input.id) : undefined,
        ),
      );
    if (taken) throw fieldError('name', lettersApi.LETTER_MSG.nameTaken);
    const values = {
      name: input.name,
      recordKind: input.recordKind,
      body: input.body,
      showLogo: input.showLogo,
      addressLines: input.addressLines.filter((l) => l !== ''),
      signerName: input.signerName,
      signerTitle: input.signerTitle,
      defaultVisibility: input.defaultVisibility,
      isActive: input.isActive,
      updatedAt: new Date(),
      updatedBy: actor.userId,
      ...(input.clearSignature
        ? { signatureStorageKey: null, signatureFileName: null, signatureContentType: null, signatureSizeBytes: null }
        : {}),
    };
    const [row] = before
      ? await tx.update(letterTemplates).set(values).where(eq(letterTemplates.id, before.id)).returning()
      : await tx
          .insert(letterTemplates)
          .values({ ...values, institutionId: ctx.institutionId, createdBy: actor.userId })
          .returning();
    if (input.clearSignature) removedKey = before?.signatureStorageKey ?? null;
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'letter_template',
      entityId: row!.id,
      action: before ? 'letter_template.updated' : 'letter_template.created',
      before: before ? templateAuditShape(before) : undefined,
      after: templateAuditShape(row!),
      ip: ctx.ip,
    });
    return presentLoaded(tx, row!);
  });
  if (removedKey)
    await fileStorage(ctx.services.config.dataDir)
      .delete(removedKey)
      .catch(() => {});
  return saved;
}
