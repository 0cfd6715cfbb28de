import { eq } from 'drizzle-orm';
import { visaScopeIncludes } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { type TAuthenticatedActor } from '../../../platform/http/context.js';
import { type requestTypes, staffReaches } from '../../requests/index.js';
import { studentProfiles } from '../schema.js';

export const NOT_FOR_STUDENT = 'The office cannot start this request for this student.';

/** The student record the office acts for: 404 unless the caller processes requests at its campus site. */
export async function reachableProfile(tx: TTx, actor: TAuthenticatedActor, profileId: string) {
  const [p] = await tx.select().from(studentProfiles).where(eq(studentProfiles.id, profileId));
  if (!p || !staffReaches(actor, { campusSiteId: p.campusSiteId })) throw notFound();
  return p;
}

/** Request types the office may start for a student of this visa type. */
export const startableFor = (visaType: string) => (t: typeof requestTypes.$inferSelect) =>
  t.isEnabled && t.starters.includes('staff') && visaScopeIncludes(t.visaScope, visaType);
