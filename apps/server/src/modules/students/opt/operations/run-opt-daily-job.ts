import { systemContext, type TServices } from '../../../../platform/http/context.js';
import { listInstitutions } from '../../../../platform/tenancy/institutions.js';
import { ensureStemReports } from './ensure-stem-reports.js';
import { sendUnemploymentAlerts } from './send-unemployment-alerts.js';

/**
 * The OPT daily job for every institution: STEM report rows for STEM periods recorded elsewhere, then the
 * unemployment alerts as of each office's own today (`today` overrides it, for tests).
 */
export async function runOptDailyJob(services: TServices, today?: string): Promise<{ alerts: number; reports: number }> {
  const all = await listInstitutions(services.database);
  let alerts = 0;
  let reports = 0;
  for (const inst of all) {
    const ctx = systemContext(services, inst);
    reports += await ctx.db((tx) => ensureStemReports(tx, inst.id));
    alerts += await sendUnemploymentAlerts(ctx, today ?? ctx.today());
  }
  return { alerts, reports };
}
