import { type lettersApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { fileRecordDocument } from '../../attachments/index.js';
import { lettersIssued, type TLetterTemplateRow } from '../schema.js';

/**
 * Files one letter's PDF on the record's Documents, visible to the person or the office's only, and in
 * the same transaction notes it and writes it to the record's History Log (docs/product/letters.md#filed-letters).
 */
export async function fileLetter(
  ctx: TContext,
  o: { template: TLetterTemplateRow; profileId: string; visibility: lettersApi.TLetterVisibility; jobId?: string },
  pdf: { fileName: string; data: Buffer },
): Promise<lettersApi.TGeneratedLetter> {
  const actor = requireActor(ctx);
  const attachmentId = await fileRecordDocument(
    ctx,
    {
      profileId: o.profileId,
      description: `Letter: ${o.template.name}`,
      isVisibleToPerson: o.visibility === 'person',
      alsoInTx: async (tx, id) => {
        await tx.insert(lettersIssued).values({
          institutionId: ctx.institutionId,
          templateId: o.template.id,
          profileId: o.profileId,
          attachmentId: id,
          jobId: o.jobId ?? null,
          visibility: o.visibility,
          createdBy: actor.userId,
        });
        await writeAudit(tx, {
          institutionId: ctx.institutionId,
          actorUserId: actor.userId,
          entityType: 'student_profile',
          entityId: o.profileId,
          action: 'letter.generated',
          after: {
            letterTemplate: o.template.name,
            letterTemplateId: o.template.id,
            attachmentId: id,
            fileName: pdf.fileName,
            visibility: o.visibility,
          },
          ip: ctx.ip,
        });
      },
    },
    pdf,
  );
  return { attachmentId, fileName: pdf.fileName, visibility: o.visibility };
}
