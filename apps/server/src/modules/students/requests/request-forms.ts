import { eq } from 'drizzle-orm';
import { isStudentRequestCode, type TStudentRequestCode } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest } from '../../../platform/errors/app-error.js';
import { requestTypes, type TRequestRow } from '../../requests/index.js';

export const NO_FORM = 'This request has no form of its own.';

/** The request's type code when it is a student's request with a form of its own (400 otherwise). */
export async function formCodeOf(tx: TTx, r: TRequestRow): Promise<TStudentRequestCode> {
  const [type] = await tx.select({ code: requestTypes.code }).from(requestTypes).where(eq(requestTypes.id, r.requestTypeId));
  if (!r.profileId || !type || !isStudentRequestCode(type.code)) throw badRequest(NO_FORM);
  return type.code;
}
