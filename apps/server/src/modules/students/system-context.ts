import type { TContext, TServices } from '../../platform/http/context.js';

/** A context for work no user started (the daily job), bound to one institution. */
export function systemContext(services: TServices, institutionId: string): TContext {
  return { institutionId, actor: null, ip: '', userAgent: 'daily job', services, db: (fn) => services.database.tenant(institutionId, fn) };
}
