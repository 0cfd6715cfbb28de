import { normalizeStudentRequestData, refusedFieldChanges, validateStudentRequestData, type TRequestDetail } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { badRequest } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { lockRequestForAnswers, presentRequest, updateOwnedRequestContent } from '../../../requests/index.js';
import { studentRuleContext } from '../request-rules.js';
import { requestLookupChecker } from '../request-lookups.js';
import { formCodeOf } from '../request-forms.js';

/**
 * Saves a draft of the form: the requester, while the request is a draft or awaiting clarification
 * and not locked. Formats are checked on the merged values (400 with fieldErrors 'data.<field>' and
 * nothing saved); values given replace saved ones, null clears one, the rest stays as saved.
 */
export async function saveStudentRequestData(ctx: TContext, requestId: string, patch: Record<string, unknown>): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const r = await lockRequestForAnswers(tx, ctx, requestId);
    const code = await formCodeOf(tx, r);
    const before = r.data ?? {};
    const given: Record<string, unknown> = { ...before };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete given[k];
      else given[k] = typeof v === 'string' ? v.trim() : v;
    }
    // Phones and EINs are kept as digits, whatever punctuation was typed in them (docs/product/ui.md#digits-amounts-and-text).
    const merged = normalizeStudentRequestData(code, given);
    const rules = await studentRuleContext(tx, ctx, r.profileId);
    // A field the office hid from the caller, or made read-only for them, keeps what was saved
    // (docs/product/field-configuration.md#what-the-server-refuses).
    const errors = {
      ...validateStudentRequestData(
        code,
        merged,
        { ...rules, lookups: await requestLookupChecker(tx, ctx, code, merged, rules.visaType) },
        'draft',
      ),
      ...refusedFieldChanges(rules.fieldSettings[code], Object.keys(patch), before, merged),
    };
    const fieldErrors = Object.fromEntries(Object.entries(errors).map(([k, m]) => [`data.${k}`, m]));
    if (Object.keys(fieldErrors).length) {
      throw badRequest('Please correct the fields marked before saving.', fieldErrors);
    }
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
