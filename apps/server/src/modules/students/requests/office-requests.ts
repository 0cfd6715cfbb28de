import { inArray } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import type { TRequestDescription, TRequestRow } from '../../requests/index.js';
import { studentProfiles } from '../schema.js';

/**
 * Who the office's own student requests are about (docs/product/students-requests.md#the-offices-own-requests): a
 * termination has the staff member who started it as its requester and no subject account (the student never reads
 * it), so lists and the request's page name the student from their record instead.
 */
export async function describeOfficeRequests(tx: TTx, rows: TRequestRow[]): Promise<Map<string, TRequestDescription>> {
  const about = rows.filter((r) => r.profileId && !r.subjectUserId);
  const out = new Map<string, TRequestDescription>();
  if (!about.length) return out;
  const ids = [...new Set(about.map((r) => r.profileId!))];
  const records = await tx
    .select({
      id: studentProfiles.id,
      firstName: studentProfiles.firstName,
      lastName: studentProfiles.lastName,
      email: studentProfiles.email,
    })
    .from(studentProfiles)
    .where(inArray(studentProfiles.id, ids));
  const byId = new Map(records.map((p) => [p.id, p]));
  for (const r of about) {
    const p = byId.get(r.profileId!);
    if (p) out.set(r.id, { subject: { name: `${p.firstName} ${p.lastName}`.trim(), email: p.email } });
  }
  return out;
}
