import { and, eq, exists, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { addDays, type studentsApi } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../../../platform/http/context.js';
import { campusSites } from '../../../people/index.js';
import { studentEmployments, studentProfiles } from '../../schema.js';
import { siteFilter, staffReachesProfile } from '../../student.policy.js';
import { loadOptData, type TOptData } from './opt-data.query.js';

/** An authorisation that ended longer ago than this no longer puts the student on the OPT list. */
export const RECENT_OPT_DAYS = 180;

type TProfile = Pick<typeof studentProfiles.$inferSelect, 'id' | 'firstName' | 'lastName' | 'sevisId' | 'campusSiteId' | 'userId'> & {
  campusSiteName: string | null;
};

/** A LIKE pattern that finds the text anywhere, with LIKE's wildcards escaped. */
export function likeOf(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A student's OPT Students & Employers row (null when the caller may not see the record). */
export function presentOptStudent(actor: TAuthenticatedActor, p: TProfile, d: TOptData): studentsApi.TOptStudent | null {
  if (!d.current) return null;
  return {
    profileId: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    sevisId: p.sevisId,
    campusSiteName: p.campusSiteName,
    phase: d.current.phase,
    authorizationStart: d.current.startDate,
    authorizationEnd: d.current.endDate,
    authorizations: d.authorizations,
    employments: d.employments,
    unemployment: d.unemployment
      ? {
          used: d.unemployment.used,
          allowed: d.unemployment.allowed,
          remaining: d.unemployment.remaining,
          level: d.unemployment.level,
          stemStartsOn: d.unemployment.stemStartsOn,
          exceededOn: d.unemployment.exceededOn,
          exceededLimit: d.unemployment.exceededLimit,
          over: d.unemployment.over,
          gaps: d.unemployment.gaps,
        }
      : null,
    canEdit: staffReachesProfile(actor, p, 'edit'),
  };
}

/** Students of the actor's sites with an OPT/STEM authorisation in force, coming, or ended in the last 180 days. */
export async function optStudentProfiles(tx: TTx, scope: SQL, today: string, extra: SQL[] = []): Promise<TProfile[]> {
  const recent = addDays(today, -RECENT_OPT_DAYS);
  return tx
    .select({
      id: studentProfiles.id,
      firstName: studentProfiles.firstName,
      lastName: studentProfiles.lastName,
      sevisId: studentProfiles.sevisId,
      campusSiteId: studentProfiles.campusSiteId,
      userId: studentProfiles.userId,
      campusSiteName: campusSites.name,
    })
    .from(studentProfiles)
    .leftJoin(campusSites, eq(campusSites.id, studentProfiles.campusSiteId))
    .where(
      and(
        scope,
        eq(studentProfiles.isArchived, false),
        exists(
          tx
            .select({ one: sql`1` })
            .from(studentEmployments)
            .where(
              and(
                eq(studentEmployments.profileId, studentProfiles.id),
                inArray(studentEmployments.kind, ['opt', 'stem']),
                eq(studentEmployments.status, 'approved'),
                gte(studentEmployments.authorizedEndDate, recent),
              ),
            ),
        ),
        ...extra,
      ),
    );
}

const levelRank = { ok: 0, warning: 1, critical: 2, exceeded: 3 } as const;

/**
 * OPT Students & Employers. The site scope, keyword and employer filters run in SQL; the counter
 * depends on each student's employment periods, so phase/level filters, sorting and paging run on
 * the computed rows (an office has hundreds of OPT students, not hundreds of thousands).
 */
export async function listOptStudentsQuery(tx: TTx, actor: TAuthenticatedActor, q: studentsApi.TListOptStudentsQuery, today: string) {
  const extra: SQL[] = [];
  if (q.q) {
    const like = likeOf(q.q);
    extra.push(
      or(
        ilike(studentProfiles.firstName, like),
        ilike(studentProfiles.lastName, like),
        ilike(studentProfiles.sevisId, like),
        ilike(sql`${studentProfiles.firstName} || ' ' || ${studentProfiles.lastName}`, like),
      )!,
    );
  }
  if (q.employer) {
    extra.push(
      exists(
        tx
          .select({ one: sql`1` })
          .from(studentEmployments)
          .where(
            and(
              eq(studentEmployments.profileId, studentProfiles.id),
              inArray(studentEmployments.kind, ['opt', 'stem']),
              ilike(studentEmployments.employerName, likeOf(q.employer)),
            ),
          ),
      ),
    );
  }
  const profiles = await optStudentProfiles(tx, siteFilter(actor), today, extra);
  const data = await loadOptData(
    tx,
    profiles.map((p) => p.id),
    today,
  );
  let items = profiles.map((p) => presentOptStudent(actor, p, data.get(p.id)!)).filter((x): x is studentsApi.TOptStudent => !!x);
  if (q.phase) items = items.filter((s) => s.phase === q.phase);
  if (q.level) items = items.filter((s) => s.unemployment?.level === q.level);
  const dir = q.order === 'desc' ? -1 : 1;
  const byName = (a: studentsApi.TOptStudent, b: studentsApi.TOptStudent) =>
    a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.profileId.localeCompare(b.profileId);
  const key = (s: studentsApi.TOptStudent): number | string => {
    switch (q.sort) {
      case 'phase':
        return s.phase;
      case 'authorizationEnd':
        return s.authorizationEnd;
      case 'unemploymentUsed':
        return s.unemployment ? s.unemployment.used * 10 + levelRank[s.unemployment.level] : -1;
      case 'unemploymentRemaining':
        return s.unemployment ? s.unemployment.remaining : 1e9;
      default:
        return '';
    }
  };
  items.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c = (ka < kb ? -1 : ka > kb ? 1 : 0) || (q.sort === 'name' ? byName(a, b) : 0);
    return c * dir || byName(a, b);
  });
  const total = items.length;
  return { items: items.slice((q.page - 1) * q.pageSize, q.page * q.pageSize), total, page: q.page, pageSize: q.pageSize };
}
