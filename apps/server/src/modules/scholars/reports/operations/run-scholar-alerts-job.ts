import { todayIso } from '@meridian/domain';
import type { TContext, TServices } from '../../../../platform/http/context.js';
import { listInstitutionIds } from '../../../../platform/tenancy/institutions.js';
import { sendEndDateAlerts } from './send-end-date-alerts.js';

/** A context for work no user started (the daily job), bound to one institution. */
function systemContext(services: TServices, institutionId: string): TContext {
  return { institutionId, actor: null, ip: '', userAgent: 'daily job', services, db: (fn) => services.database.tenant(institutionId, fn) };
}

/** The scholar daily job for every institution: end-date alerts of H-1B, O-1 and J-1 cases. */
export async function runScholarAlertsJob(services: TServices, today = todayIso()): Promise<{ alerts: number }> {
  const all = (await listInstitutionIds(services.database)).map((id) => ({ id }));
  let alerts = 0;
  for (const inst of all) alerts += await sendEndDateAlerts(systemContext(services, inst.id), today);
  return { alerts };
}
