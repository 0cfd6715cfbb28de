import { type lettersApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { fileRecordDocument, fileRequestDocument } from '../../attachments/index.js';
import type { TLetterRecord } from '../letter-for-record.js';
import { lettersIssued, type TLetterTemplateRow } from '../schema.js';

/**
 * Files one letter's PDF, visible to the person or the office's only, and in the same transaction notes it
 * and writes it to the record's History Log (docs/product/letters.md#filed-letters): a student record's
 * letter on its Documents, a scholar case's on its sponsorship request (docs/product/letters.md#records).
 */
export async function fileLetter(
  ctx: TContext,
  o: { template: TLetterTemplateRow; record: TLetterRecord; visibility: lettersApi.TLetterVisibility; jobId?: string },
  pdf: { fileName: string; data: Buffer },
): Promise<lettersApi.TGeneratedLetter> {
  const actor = requireActor(ctx);
  const { record } = o;
  const noteAndLog = async (tx: TTx, attachmentId: string) => {
    await tx.insert(lettersIssued).values({
      institutionId: ctx.institutionId,
      templateId: o.template.id,
      profileId: record.kind === 'profile' ? record.profileId : null,
      applicationId: record.kind === 'scholarCase' ? record.applicationId : null,
      attachmentId,
      jobId: o.jobId ?? null,
      visibility: o.visibility,
      createdBy: actor.userId,
    });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: record.kind === 'profile' ? 'student_profile' : 'scholar_application',
      entityId: record.kind === 'profile' ? record.profileId : record.applicationId,
      action: 'letter.generated',
      after: {
        letterTemplate: o.template.name,
        letterTemplateId: o.template.id,
        attachmentId,
        fileName: pdf.fileName,
        visibility: o.visibility,
        ...(record.kind === 'scholarCase' ? { requestId: record.requestId } : {}),
      },
      ip: ctx.ip,
    });
  };
  const target = {
    description: `Letter: ${o.template.name}`,
    isVisibleToPerson: o.visibility === 'person',
    alsoInTx: noteAndLog,
  };
  const attachmentId =
    record.kind === 'profile'
      ? await fileRecordDocument(ctx, { ...target, profileId: record.profileId }, pdf)
      : await fileRequestDocument(ctx, { ...target, requestId: record.requestId }, pdf);
  return { attachmentId, fileName: pdf.fileName, visibility: o.visibility };
}
