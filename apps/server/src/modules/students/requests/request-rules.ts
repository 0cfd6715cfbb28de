import { eq } from 'drizzle-orm';
import { validateStudentRequestData, type TStudentRequestCode, type TStudentRequestContext } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import type { TRequestRow } from '../../requests/index.js';
import { studentProfiles } from '../schema.js';

/**
 * The dates a student request's field rules compare with: the office's today (in the institution's
 * time zone, as the browser's own check takes it) and the student's record.
 */
export async function studentRuleContext(tx: TTx, ctx: TContext, profileId: string | null): Promise<Required<TStudentRequestContext>> {
  const [p] = profileId ? await tx.select().from(studentProfiles).where(eq(studentProfiles.id, profileId)) : [];
  return {
    today: ctx.today(),
    programStartDate: p?.programStartDate ?? null,
    programEndDate: p?.programEndDate ?? null,
    sessionEndDate: p?.sessionEndDate ?? null,
  };
}

/** A student request's own form at submit, with the browser's rules and words (data.<field>). */
export async function studentRequestSubmitErrors(
  tx: TTx,
  ctx: TContext,
  r: TRequestRow,
  code: TStudentRequestCode,
): Promise<Record<string, string[]>> {
  if (!r.profileId) return {};
  const errors = validateStudentRequestData(code, r.data ?? {}, await studentRuleContext(tx, ctx, r.profileId), 'submit');
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [`data.${field}`, messages]));
}
