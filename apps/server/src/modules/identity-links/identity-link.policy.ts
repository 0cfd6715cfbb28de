import type { TAuthenticatedActor } from '../../platform/http/context.js';
import { staffReachesScholar } from '../scholars/index.js';
import { staffReachesProfile } from '../students/index.js';
import type { TAccountRow } from './queries/accounts.query.js';
import type { TRecordRow } from './queries/records.query.js';

/*
 * Who reaches which account and record in the Integrated User Tool (docs/product/integrated-user-tool.md#who-may-use-it):
 * the same rule as opening and editing the record. A student account by the campus site of its record (else its
 * own); a scholar account by its scholar's department (else its own), within the staff member's scholar area.
 */

export type TReach = 'view' | 'edit';

export function reachesAccount(
  actor: TAuthenticatedActor,
  a: Pick<TAccountRow, 'role' | 'siteId' | 'departmentId'>,
  mode: TReach,
): boolean {
  if (a.role === 'ISSSstudent') return staffReachesProfile(actor, { campusSiteId: a.siteId }, mode === 'view' ? 'read' : 'edit');
  if (a.role === 'scholar') return staffReachesScholar(actor, { departmentId: a.departmentId }, mode);
  return false;
}

export function reachesRecord(actor: TAuthenticatedActor, r: TRecordRow, mode: TReach): boolean {
  if (r.kind === 'student') return staffReachesProfile(actor, { campusSiteId: r.siteId }, mode === 'view' ? 'read' : 'edit');
  return staffReachesScholar(actor, { departmentId: r.departmentId }, mode);
}
