import { studentStageLabel } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { automatedMessage, formatMergeValues } from '../../messages/index.js';
import { notify } from '../../notifications/index.js';
import { studentValues } from '../reminders/student-reminders.js';
import type { TProfileRow } from '../student.policy.js';

/**
 * Tells a student with a portal account that they are in another stage of the portal, in the bell and by
 * e-mail, while the office's automated e-mail configuration sends "Portal stage changed" for the record's
 * visa type (docs/product/messages.md#automated-e-mail); nothing otherwise. The row is the record after the
 * move, already read by the operation that moved it.
 */
export async function tellStageChanged(tx: TTx, ctx: TContext, p: TProfileRow): Promise<void> {
  if (!p.userId) return;
  const stage = studentStageLabel(p.currentStage);
  const values = formatMergeValues({ ...studentValues(p), 'student.stage': stage }, ctx.timeZone);
  const email = await automatedMessage(tx, ctx, 'student.stageChanged', { visaType: p.visaType }, values);
  if (!email) return;
  await notify(tx, ctx, {
    userIds: [p.userId],
    typeName: 'student.stage-changed',
    profileId: p.id,
    text: `You are now in the ${stage} stage of the portal.`,
    email,
  });
}
