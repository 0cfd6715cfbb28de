import { eq } from 'drizzle-orm';
import { validateStudentRequestData, type TStudentRequestCode, type TStudentRequestContext } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TRequestRow } from '../../requests/index.js';
import { studentProfiles } from '../schema.js';

/**
 * The dates a student request's field rules compare with: today and the student's record. "Today"
 * is the date in the earliest time zone (UTC-12): the browser checks with the student's own date,
 * and the server must never refuse a date the student's browser accepted a moment ago.
 */
export async function studentRuleContext(tx: TTx, profileId: string | null): Promise<Required<TStudentRequestContext>> {
  const [p] = profileId ? await tx.select().from(studentProfiles).where(eq(studentProfiles.id, profileId)) : [];
  return {
    today: new Date(Date.now() - 12 * 3600 * 1000).toISOString().slice(0, 10),
    programStartDate: p?.programStartDate ?? null,
    programEndDate: p?.programEndDate ?? null,
    sessionEndDate: p?.sessionEndDate ?? null,
  };
}

/** A student request's own form at submit, with the browser's rules and words (data.<field>). */
export async function studentRequestSubmitErrors(tx: TTx, r: TRequestRow, code: TStudentRequestCode): Promise<Record<string, string[]>> {
  if (!r.profileId) return {};
  const errors = validateStudentRequestData(code, r.data ?? {}, await studentRuleContext(tx, r.profileId), 'submit');
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [`data.${field}`, messages]));
}
