import { and, asc, desc, eq } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { sevisPendingEvents, studentDependents, studentProfiles } from '../../schema.js';

export interface TExchangeVisitorSummary {
  profileId: string;
  sevisId: string | null;
  sevisStatus: string;
  evCategoryCode: string;
  /** The record's latest SEVIS Create (pending, held, batched, sent, succeeded, failed...), null when none was raised. */
  createStatus: string | null;
  /** Why the Create was held or what SEVIS answered (its result code's message). */
  createMessage: string;
  /** The record's dependents (J-2) with the SEVIS ID each got: in the order added, the spouse before the children, the eldest first. */
  dependents: Array<{ id: string; firstName: string; lastName: string; relationshipCode: string; sevisId: string | null; status: string }>;
}

/** What another module shows of an exchange visitor's record: its SEVIS id, where its SEVIS Create stands, its dependents' SEVIS ids. */
export async function getExchangeVisitorSummary(tx: TTx, profileId: string): Promise<TExchangeVisitorSummary | null> {
  const [p] = await tx
    .select({
      id: studentProfiles.id,
      sevisId: studentProfiles.sevisId,
      sevisStatus: studentProfiles.sevisStatus,
      evCategoryCode: studentProfiles.evCategoryCode,
    })
    .from(studentProfiles)
    .where(eq(studentProfiles.id, profileId));
  if (!p) return null;
  const [create] = await tx
    .select({ status: sevisPendingEvents.status, message: sevisPendingEvents.message })
    .from(sevisPendingEvents)
    .where(and(eq(sevisPendingEvents.profileId, profileId), eq(sevisPendingEvents.eventType, 'Create')))
    .orderBy(desc(sevisPendingEvents.createdAt))
    .limit(1);
  const dependents = await tx
    .select({
      id: studentDependents.id,
      firstName: studentDependents.firstName,
      lastName: studentDependents.lastName,
      relationshipCode: studentDependents.relationshipCode,
      sevisId: studentDependents.sevisId,
      status: studentDependents.status,
    })
    .from(studentDependents)
    .where(eq(studentDependents.profileId, profileId))
    .orderBy(
      asc(studentDependents.createdAt),
      asc(studentDependents.relationshipCode),
      asc(studentDependents.birthDate),
      asc(studentDependents.id),
    );
  return {
    dependents,
    profileId: p.id,
    sevisId: p.sevisId,
    sevisStatus: p.sevisStatus,
    evCategoryCode: p.evCategoryCode,
    createStatus: create?.status ?? null,
    createMessage: create?.message ?? '',
  };
}
