import { isEndingSoon, type scholarsApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { type TDashboardContext, type TDashboardRow } from './queries/dashboard.query.js';
import { readAccountSettings } from '../account-settings.js';

type TItem = scholarsApi.TScholarDashboardItem;

/** The office's today (ctx.today()) and the "ending soon" window (the largest end-date alert offset of the account settings). */
export async function dashboardContext(tx: TTx, today: string): Promise<TDashboardContext & { offsets: number[] }> {
  const { endDateAlertOffsets } = await readAccountSettings(tx);
  return { today, endingSoonDays: Math.max(...endDateAlertOffsets), offsets: endDateAlertOffsets };
}

/** A dashboard row as the API shows it, with whether its end date is near. */
export const dashboardItem = (r: TDashboardRow, c: { today: string; offsets: number[] }): TItem => ({
  applicationId: r.applicationId,
  scholarId: r.scholarId,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  department: { id: r.departmentId, name: r.departmentName },
  proposedStatus: r.proposedStatus,
  processedState: r.processedState,
  phase: r.phase,
  status: r.status,
  premiumProcessFlag: r.premiumProcessFlag,
  processedEndDate: r.processedEndDate,
  isEndingSoon: isEndingSoon(r.processedEndDate, c.today, c.offsets),
  updatedAt: r.updatedAt.toISOString(),
});
