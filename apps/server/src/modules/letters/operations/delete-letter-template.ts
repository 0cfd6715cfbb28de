import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { loadTemplate, templateAuditShape } from '../letter-template.presenter.js';
import { letterTemplates } from '../schema.js';

/** Deletes a template: it leaves the lists and pickers; letters already filed stay on their records. */
export async function deleteLetterTemplate(ctx: TContext, templateId: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const before = await loadTemplate(tx, templateId);
    await tx
      .update(letterTemplates)
      .set({ isDeleted: true, isActive: false, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(letterTemplates.id, templateId));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'letter_template',
      entityId: templateId,
      action: 'letter_template.deleted',
      before: templateAuditShape(before),
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}
