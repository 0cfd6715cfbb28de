import { MSG, refusedFieldChanges, STUDENT_PROFILE_FORM, studentsApi as S } from '@meridian/domain';
import { badRequest, type TFieldErrors } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { roleFieldSettings } from '../../../forms/index.js';
import { notify } from '../../../notifications/index.js';
import { siteOfficers } from '../../../people/index.js';
import { studentProfileCorrections } from '../../schema.js';
import { getOwnProfile } from '../../student.policy.js';
import { assertRecordLookups } from '../record-lookups.js';
import { MSG_NOTHING_TO_CORRECT, MSG_NOT_CORRECTABLE, ZCorrectable, auditCorrection, correctionSummary } from '../correction-fields.js';

/** A student asks the office to correct fields of their own record (only correctable fields; values checked as staff's are). */
export async function submitCorrection(ctx: TContext, input: { changes: Record<string, unknown>; reason: string }) {
  return ctx.db(async (tx) => {
    const p = await getOwnProfile(tx, ctx);
    const errors: TFieldErrors = {};
    for (const k of Object.keys(input.changes))
      if (!(S.CORRECTABLE_FIELDS as readonly string[]).includes(k)) errors[k] = [MSG_NOT_CORRECTABLE];
    if (Object.keys(errors).length) throw badRequest(MSG_NOT_CORRECTABLE, errors);
    const parsed = ZCorrectable.safeParse(input.changes);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
      throw badRequest(Object.values(errors)[0]![0]!, errors);
    }
    const current = p as unknown as Record<string, unknown>;
    // The office's settings of the profile's fields (docs/product/field-configuration.md#the-student-profile): a
    // field hidden from students or read-only for them is not corrected here; a required one is not emptied.
    const settings = (await roleFieldSettings(tx, ctx.actor))[STUDENT_PROFILE_FORM];
    Object.assign(errors, refusedFieldChanges(settings, Object.keys(parsed.data), current, parsed.data));
    for (const [k, v] of Object.entries(parsed.data)) if (settings?.[k]?.required && !errors[k] && isBlank(v)) errors[k] = [MSG.required];
    if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
    // Codes of the office's lists as a staff member's change is checked: a value the record holds stays valid.
    await assertRecordLookups(tx, ctx, current, parsed.data);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [k, v] of Object.entries(parsed.data)) {
      if (JSON.stringify(current[k] ?? null) !== JSON.stringify(v ?? null)) changes[k] = { from: current[k] ?? null, to: v };
    }
    if (!Object.keys(changes).length) throw badRequest(MSG_NOTHING_TO_CORRECT, { changes: [MSG_NOTHING_TO_CORRECT] });
    const [c] = await tx
      .insert(studentProfileCorrections)
      .values({
        institutionId: ctx.institutionId,
        profileId: p.id,
        changes,
        reason: input.reason,
        requestedBy: requireActor(ctx).userId,
      })
      .returning();
    await auditCorrection(tx, ctx, p.id, 'student.correction.submitted', {
      correctionId: c!.id,
      fields: Object.keys(changes),
      reason: input.reason,
    });
    // The officers of the student's site hear of it at once (the record's banner and the corrections list show it too).
    const who = `${p.firstName} ${p.lastName}`.trim() || 'A student';
    await notify(tx, ctx, {
      userIds: await siteOfficers(tx, p.campusSiteId),
      typeName: 'student.correction.submitted',
      profileId: p.id,
      text: `${who} asked to correct ${Object.keys(changes).length} field${Object.keys(changes).length === 1 ? '' : 's'} of their record.`,
    });
    return correctionSummary(c!, p);
  });
}

/** An empty answer: no text, or an address with nothing in it. */
function isBlank(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (typeof v === 'object') return Object.values(v).every(isBlank);
  return false;
}
