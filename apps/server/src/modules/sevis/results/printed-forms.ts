import { inArray } from 'drizzle-orm';
import type { sevisApi } from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { fileRecordDocument, uploadAttachment } from '../../attachments/index.js';
import { studentProfiles } from '../../students/index.js';

/**
 * Files the printed forms (I-20 / DS-2019 PDFs) of a results zip on the student records they belong
 * to: a form whose name carries a record's SEVIS ID or requestID goes to that student's files
 * (Documents tab), not shown to the student until the office decides; a record without a portal
 * account gets it as a file of the record, the office's only. Each upload runs through the
 * attachments module (type sniffing, virus scan, audit); a form it refuses (not a PDF after all, a
 * virus) is left out and named with the reason, and the log's results still stand.
 */
export async function storePrintedForms(
  ctx: TContext,
  records: sevisApi.TTransLogRecordResult[],
  forms: { name: string; data: Uint8Array }[],
): Promise<{ stored: number; refused: string[] }> {
  const refused: string[] = [];
  const profileIds = [...new Set(records.map((r) => r.profileId).filter((x): x is string => !!x))];
  if (!profileIds.length) return { stored: 0, refused };
  const profiles = await ctx.db((tx) =>
    tx
      .select({ id: studentProfiles.id, userId: studentProfiles.userId, sevisId: studentProfiles.sevisId })
      .from(studentProfiles)
      .where(inArray(studentProfiles.id, profileIds)),
  );
  let stored = 0;
  for (const form of forms) {
    const upper = form.name.toUpperCase();
    const rec = records.find((r) => {
      const p = profiles.find((x) => x.id === r.profileId);
      const ids = [r.sevisId, p?.sevisId].filter((x): x is string => !!x);
      return ids.some((id) => upper.includes(id.toUpperCase())) || (r.requestId && upper.includes(r.requestId.toUpperCase()));
    });
    if (!rec?.profileId) continue;
    const userId = profiles.find((x) => x.id === rec.profileId)?.userId;
    const description = `SEVIS printed form (${rec.sevisId ?? rec.requestId})`;
    const file = { fileName: form.name, data: Buffer.from(form.data) };
    try {
      if (!userId) await fileRecordDocument(ctx, { profileId: rec.profileId, description }, file);
      else
        await uploadAttachment(
          ctx,
          {
            requestId: null,
            subjectUserId: userId,
            customDocumentId: null,
            dependentId: null,
            soaId: null,
            categoryId: '',
            checklistItem: '',
            description,
            isVisibleToRequester: false,
            isVisibleToDepartment: false,
          },
          file,
        );
    } catch (e) {
      // The form's own problem; a scanner that is down (503) or a lost database is not, and stops the import.
      if (!(e instanceof AppError) || e.statusCode >= 500) throw e;
      refused.push(`${form.name}: ${e.message}`);
      continue;
    }
    stored += 1;
  }
  return { stored, refused };
}
