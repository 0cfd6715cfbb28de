import {
  endDateAlert,
  isEndingSoon,
  jBars,
  readImmigrationHistory,
  sixYearTracking,
  visaOfProcessedState,
  type scholarsApi,
} from '@meridian/domain';
import { forbidden } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { getAccessibleCase } from '../../scholar.policy.js';
import { readAccountSettings } from '../../account-settings.js';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Time tracking of one case for the office and the case's department (another department's case is
 * not found; scholars and students are refused): the end date against the alert offsets, the H-1B
 * six-year maximum from the immigration history (H-1B cases), the J-1 12/24-month bars (J-1 cases).
 */
export async function scholarTimeTracking(
  ctx: TContext,
  applicationId: string,
  today = ctx.today(),
): Promise<scholarsApi.TScholarTimeTracking> {
  const actor = requireActor(ctx);
  if (actor.role !== 'isssAdmin' && actor.role !== 'department') throw forbidden();
  return ctx.db(async (tx) => {
    const { c } = await getAccessibleCase(tx, ctx, applicationId, 'read');
    const settings = await readAccountSettings(tx);
    const offsets = settings.endDateAlertOffsets;
    // A department sees the outcome, never the application's own rows (immigration history, trips), and
    // the H-1B figures only where the account settings show H-1B information to departments.
    const isDept = actor.role === 'department';
    const { periods, trips } = readImmigrationHistory(c.data ?? {});
    const visa = visaOfProcessedState(c.processedState);
    const end = c.processedEndDate;
    const alert = end ? endDateAlert(end, today, offsets) : null;
    const data = c.data ?? {};
    const category = str(data.category ?? data.jCategory ?? data.programCategory).toUpperCase();
    const programStart = c.processedStartDate ?? c.proposedStartDate;
    return {
      applicationId: c.id,
      processedState: c.processedState,
      today,
      endDate: {
        processedEndDate: end,
        daysLeft: alert ? alert.daysLeft : null,
        offsets: [...offsets].sort((x, y) => y - x),
        dueOffsets: alert?.dueOffsets ?? [],
        isEndingSoon: isEndingSoon(end, today, offsets),
      },
      sixYear: visa === 'H-1B' && (!isDept || settings.h1bInfoVisibleToDept) ? sixYearTracking(periods, trips, today) : null,
      jBars: visa === 'J-1' && programStart ? { category, programStart, ...jBars(periods, programStart, category) } : null,
      periods: isDept ? [] : periods,
      trips: isDept ? [] : trips,
    };
  });
}
