import { type studentsApi as S } from '@meridian/domain';
import type { z } from 'zod';
import { type TContext } from '../../../../platform/http/context.js';
import { presentStudentRecord } from '../../student-record.presenter.js';
import { insertStudentRecord } from '../insert-student-record.js';
import { assertRecordLookups } from '../record-lookups.js';

/** Staff create a record (student/create, create-j1); one without a SEVIS id raises a pending SEVIS Create. */
export async function createStudent(ctx: TContext, input: z.output<typeof S.ZStudentCreateInput>): Promise<S.TStudentRecord> {
  return ctx.db(async (tx) => {
    // The code lists' values (countries, education level, major...) a new record may take (docs/product/lookups.md).
    await assertRecordLookups(tx, ctx, null, input);
    return presentStudentRecord(tx, ctx.actor, await insertStudentRecord(tx, ctx, input));
  });
}
