import { todayIso } from '@meridian/domain';
import type { TServices } from '../../../../platform/http/context.js';
import { listInstitutionIds } from '../../../../platform/tenancy/institutions.js';
import { ensureStemReports } from './ensure-stem-reports.js';
import { systemContext } from '../../system-context.js';
import { sendUnemploymentAlerts } from './send-unemployment-alerts.js';

/** The OPT daily job for every institution: STEM report rows for STEM periods recorded elsewhere, then the unemployment alerts. */
export async function runOptDailyJob(services: TServices, today = todayIso()): Promise<{ alerts: number; reports: number }> {
  const all = (await listInstitutionIds(services.database)).map((id) => ({ id }));
  let alerts = 0;
  let reports = 0;
  for (const inst of all) {
    const ctx = systemContext(services, inst.id);
    reports += await ctx.db((tx) => ensureStemReports(tx, inst.id));
    alerts += await sendUnemploymentAlerts(ctx, today);
  }
  return { alerts, reports };
}
