import { type studentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { buildStageView } from '../stage-view.js';

/** The welcome wizard as a student of this visa type sees it, with nothing answered (staff preview). */
export async function previewWizard(ctx: TContext, visaType: string): Promise<studentsApi.TMyStage> {
  requireActor(ctx);
  return ctx.db(async (tx) => buildStageView(tx, { stage: 'invited', visaType, profile: null }));
}
