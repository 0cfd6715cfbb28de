import { type studentsApi as S } from '@meridian/domain';
import { fieldError } from '../../../../platform/errors/app-error.js';
import { type TContext } from '../../../../platform/http/context.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentStudentRecord } from '../../student-record.presenter.js';
import { lockProfile } from './lock-profile.js';
import { applyRecordChange } from './apply-record-change.js';
import { toColumns } from '../record-rules.js';
import { assertStatusChange, raiseStatusEvent } from '../status-change.js';
import { assertRecordLookups } from '../record-lookups.js';

/**
 * Staff change sections of a record (optimistic: a stale updatedAt answers 409). Ending the record
 * (Terminated, Completed, Canceled) takes the SEVIS reason and raises SEVIS's Status event.
 */
export async function updateStudent(ctx: TContext, profileId: string, input: S.TStudentUpdateInput): Promise<S.TStudentRecord> {
  return ctx.db(async (tx) => {
    await getAccessibleProfile(tx, ctx, profileId, 'edit');
    const { updatedAt, sevisStatusReasonCode, sevisStatusRemarks, ...values } = input;
    if (Number.isNaN(new Date(updatedAt).getTime())) throw fieldError('updatedAt', 'Invalid value');
    const before = await lockProfile(tx, profileId, updatedAt);
    await assertStatusChange(tx, ctx, before, values.sevisStatus, sevisStatusReasonCode);
    await assertRecordLookups(tx, ctx, before, values);
    const after = await applyRecordChange(tx, ctx, before, toColumns(values), 'student.updated');
    await raiseStatusEvent(tx, ctx, before, after, sevisStatusReasonCode, sevisStatusRemarks);
    return presentStudentRecord(tx, ctx.actor, after);
  });
}
