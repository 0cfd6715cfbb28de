import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { requests } from '../../requests/index.js';
import { auditEvents } from '../../audit/index.js';
import { scholarApplications, type scholars } from '../schema.js';

/**
 * The engine requests of cases: their sponsorship and program requests, and the program requests a
 * conversion left behind (named before/after in the cases' audit events).
 */
export async function caseRequestIds(tx: TTx, applicationIds: string[]): Promise<string[]> {
  if (applicationIds.length === 0) return [];
  const cur = await tx
    .select({ s: scholarApplications.sponsorshipRequestId, a: scholarApplications.applicationRequestId })
    .from(scholarApplications)
    .where(inArray(scholarApplications.id, applicationIds));
  const earlier = await tx
    .select({
      b: sql<string | null>`${auditEvents.before}->>'applicationRequestId'`,
      a: sql<string | null>`${auditEvents.after}->>'applicationRequestId'`,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, 'scholar_application'),
        inArray(auditEvents.entityId, applicationIds),
        inArray(auditEvents.action, ['scholar.processed', 'scholar.converted']),
      ),
    );
  return [...new Set([...cur.flatMap((r) => [r.s, r.a]), ...earlier.flatMap((r) => [r.b, r.a])].filter((x): x is string => !!x))];
}

/** The engine requests of a scholar: those of any of their cases, and those about their portal account. */
export async function scholarRequestsWhere(tx: TTx, scholar: Pick<typeof scholars.$inferSelect, 'id' | 'userId'>) {
  const cases = await tx
    .select({ id: scholarApplications.id })
    .from(scholarApplications)
    .where(eq(scholarApplications.scholarId, scholar.id));
  const ids = await caseRequestIds(
    tx,
    cases.map((x) => x.id),
  );
  const ofCases = ids.length ? inArray(requests.id, ids) : undefined;
  return (scholar.userId ? or(ofCases, eq(requests.subjectUserId, scholar.userId)) : ofCases) ?? sql`false`;
}
