import { eq } from 'drizzle-orm';
import { isScholarRequestCode, type TScholarRequestCode } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest } from '../../../platform/errors/app-error.js';
import { requestTypes, type TRequestRow } from '../../requests/index.js';

export const NO_SCHOLAR_FORM = 'This request has no scholar form of its own.';

/** A scholar request with a form of its own is about no student record (a student's request of the same type is the students'). */
export const isScholarRequest = (r: Pick<TRequestRow, 'profileId'>, code: string): code is TScholarRequestCode =>
  r.profileId === null && isScholarRequestCode(code);

/** The request's type code when it is a scholar request with a form of its own (400 otherwise). */
export async function scholarFormCodeOf(tx: TTx, r: TRequestRow): Promise<TScholarRequestCode> {
  const [type] = await tx.select({ code: requestTypes.code }).from(requestTypes).where(eq(requestTypes.id, r.requestTypeId));
  if (!type || !isScholarRequest(r, type.code)) throw badRequest(NO_SCHOLAR_FORM);
  return type.code;
}

/** Field errors as the browser shows them: data.<field>. */
export const asDataErrors = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([field, messages]) => [`data.${field}`, messages]));
