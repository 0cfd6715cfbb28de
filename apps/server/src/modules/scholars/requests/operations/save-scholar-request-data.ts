import { normalizeRequestFormData, scholarRequestForm, validateScholarRequestData, type TRequestDetail } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { badRequest } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { lockRequestForAnswers, presentRequest, updateOwnedRequestContent } from '../../../requests/index.js';
import { asDataErrors, scholarFormCodeOf } from '../request-forms.js';
import { caseOfRequest, requestContextOf } from '../request-case.js';
import { withRequestLookups } from '../request-lookups.js';

/**
 * Saves a draft of a scholar request's form: its requester (or the scholar it is about), while it is a draft or
 * awaiting clarification and not locked. Formats are checked on the merged values (400 with fieldErrors
 * 'data.<field>' and nothing saved); values given replace saved ones, null clears one, the rest stays.
 */
export async function saveScholarRequestData(ctx: TContext, requestId: string, patch: Record<string, unknown>): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const r = await lockRequestForAnswers(tx, ctx, requestId);
    const code = await scholarFormCodeOf(tx, r);
    const found = await caseOfRequest(tx, r);
    const rule = await requestContextOf(tx, ctx.today(), found?.c ?? null);
    const before = r.data ?? {};
    const given: Record<string, unknown> = { ...before };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete given[k];
      else given[k] = typeof v === 'string' ? v.trim() : v;
    }
    // Phones and ZIP codes are kept as digits, whatever punctuation was typed in them (docs/product/ui.md#digits-amounts-and-text).
    const merged = normalizeRequestFormData(scholarRequestForm(code, rule), given);
    const checked = await withRequestLookups(tx, ctx, code, merged, rule);
    const fieldErrors = asDataErrors(validateScholarRequestData(code, merged, checked, 'draft'));
    if (Object.keys(fieldErrors).length) throw badRequest('Please correct the fields marked before saving.', fieldErrors);
    const changed = Object.keys({ ...before, ...merged }).filter(
      (k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(merged[k] ?? null),
    );
    if (!changed.length) return presentRequest(tx, actor, r);
    const updated = await updateOwnedRequestContent(tx, r.id, { data: merged });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: r.id,
      action: 'request.data-saved',
      before: Object.fromEntries(changed.map((k) => [k, before[k] ?? null])),
      after: Object.fromEntries(changed.map((k) => [k, merged[k] ?? null])),
      ip: ctx.ip,
    });
    return presentRequest(tx, actor, updated);
  });
}
