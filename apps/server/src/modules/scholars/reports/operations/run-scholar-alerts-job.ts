import { systemContext, type TServices } from '../../../../platform/http/context.js';
import { listInstitutions } from '../../../../platform/tenancy/institutions.js';
import { sendEndDateAlerts } from './send-end-date-alerts.js';

/**
 * The scholar daily job for every institution: end-date alerts of H-1B, O-1 and J-1 cases, as of each
 * office's own today (`today` overrides it, for tests).
 */
export async function runScholarAlertsJob(services: TServices, today?: string): Promise<{ alerts: number }> {
  const all = await listInstitutions(services.database);
  let alerts = 0;
  for (const inst of all) {
    const ctx = systemContext(services, inst);
    alerts += await sendEndDateAlerts(ctx, today ?? ctx.today());
  }
  return { alerts };
}
