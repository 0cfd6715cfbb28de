import { type studentsApi as S } from '@meridian/domain';
import { fieldError } from '../../../../platform/errors/app-error.js';
import { type TContext } from '../../../../platform/http/context.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentStudentRecord } from '../../student-record.presenter.js';
import { lockProfile } from './lock-profile.js';
import { applyRecordChange } from './apply-record-change.js';
import { toColumns } from '../record-rules.js';

/** Staff change sections of a record (optimistic: a stale updatedAt answers 409). */
export async function updateStudent(ctx: TContext, profileId: string, input: S.TStudentUpdateInput): Promise<S.TStudentRecord> {
  return ctx.db(async (tx) => {
    await getAccessibleProfile(tx, ctx, profileId, 'edit');
    const { updatedAt, ...values } = input;
    if (Number.isNaN(new Date(updatedAt).getTime())) throw fieldError('updatedAt', 'Invalid value');
    const before = await lockProfile(tx, profileId, updatedAt);
    const after = await applyRecordChange(tx, ctx, before, toColumns(values), 'student.updated');
    return presentStudentRecord(tx, ctx.actor, after);
  });
}
