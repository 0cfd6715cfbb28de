import { eq } from 'drizzle-orm';
import { institutions } from '../../src/platform/tenancy/schema.js';
import type { TTestApp } from '../app.js';
import { owner } from './db.js';

/**
 * The host names an institution answers on (what the operator configures). The app caches tenants by
 * host: the caller invalidates that cache (t.services.tenancy.invalidate()) when the change must show.
 */
export async function setInstitutionHosts(t: TTestApp, hosts: string[], institutionId = t.institutionA): Promise<void> {
  await owner(t).update(institutions).set({ hosts, updatedAt: new Date() }).where(eq(institutions.id, institutionId));
}
