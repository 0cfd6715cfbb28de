import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { studentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { campusSites, users } from '../../../people/index.js';
import { siteFilter, staffReachesProfile } from '../../student.policy.js';
import { studentProfiles } from '../../schema.js';

type TQuery = studentsApi.TNewlyAdmittedQuery;
type TRow = studentsApi.TNewlyAdmittedStudent;

/** When the newest invitation link of the record's account was sent. */
const invitedAt = sql<Date | null>`(select max(pl.created_at) from password_links pl where pl.user_id = ${studentProfiles.userId} and pl.purpose = 'invite')`;

const SORTS: Record<TQuery['sort'], SQL[]> = {
  lastName: [sql`lower(${studentProfiles.lastName})`, sql`lower(${studentProfiles.firstName})`],
  firstName: [sql`lower(${studentProfiles.firstName})`, sql`lower(${studentProfiles.lastName})`],
  email: [sql`lower(${studentProfiles.email})`],
  campusSite: [sql`${campusSites.name}`],
  programStartDate: [sql`${studentProfiles.programStartDate}`],
  invitedAt: [invitedAt],
  lastLoginAt: [sql`${users.lastLoginAt}`],
  createdAt: [sql`${studentProfiles.createdAt}`],
};

/**
 * Newly Admitted Students: SEVIS status Initial, and in stage 'invited' or without a portal account;
 * limited to the campus sites the actor reaches, searched, sorted and paged in the database.
 */
export async function listNewlyAdmitted(ctx: TContext, q: TQuery) {
  const actor = requireActor(ctx);
  const where: SQL[] = [
    eq(studentProfiles.sevisStatus, 'Initial'),
    eq(studentProfiles.isArchived, false),
    or(eq(studentProfiles.currentStage, 'invited'), isNull(studentProfiles.userId))!,
    siteFilter(actor),
  ];
  if (q.invitation === 'not_invited') where.push(isNull(studentProfiles.userId));
  if (q.invitation === 'invited') where.push(and(isNotNull(studentProfiles.userId), isNull(users.lastLoginAt))!);
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(studentProfiles.firstName, like),
        ilike(studentProfiles.lastName, like),
        ilike(studentProfiles.email, like),
        ilike(sql`${studentProfiles.firstName} || ' ' || ${studentProfiles.lastName}`, like),
        ilike(sql`coalesce(${studentProfiles.sevisId}, '')`, like),
        ilike(sql`coalesce(${studentProfiles.campusId}, '')`, like),
      )!,
    );
  }
  const nulls = q.sort === 'invitedAt' || q.sort === 'lastLoginAt' || q.sort === 'programStartDate' || q.sort === 'campusSite';
  const order = [
    ...SORTS[q.sort].map((c) => (nulls ? sql`${c} ${sql.raw(q.dir)} nulls last` : q.dir === 'desc' ? desc(c) : asc(c))),
    asc(studentProfiles.id),
  ];
  return ctx.db(async (tx) => {
    const base = () =>
      tx
        .select({ total: count() })
        .from(studentProfiles)
        .leftJoin(users, eq(users.id, studentProfiles.userId))
        .where(and(...where));
    const [{ total }] = (await base()) as [{ total: number }];
    const rows = await tx
      .select({ p: studentProfiles, site: campusSites.name, lastLoginAt: users.lastLoginAt, invitedAt })
      .from(studentProfiles)
      .leftJoin(users, eq(users.id, studentProfiles.userId))
      .leftJoin(campusSites, eq(campusSites.id, studentProfiles.campusSiteId))
      .where(and(...where))
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const items: TRow[] = rows.map(({ p, site, lastLoginAt, invitedAt: inv }) => ({
      profileId: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      sevisId: p.sevisId,
      campusId: p.campusId,
      visaType: p.visaType,
      sevisStatus: p.sevisStatus,
      stage: p.currentStage,
      campusSite: site,
      programStartDate: p.programStartDate,
      hasAccount: p.userId !== null,
      invitedAt: inv ? new Date(inv).toISOString() : null,
      lastLoginAt: lastLoginAt ? lastLoginAt.toISOString() : null,
      canInvite: staffReachesProfile(actor, p, 'edit'),
    }));
    return { items, total: Number(total), page: q.page, pageSize: q.pageSize };
  });
}
