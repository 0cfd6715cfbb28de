import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type identityLinksApi as A } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { countUpTo, keyColumns, seekPage, type TSeekOrder } from '../../../platform/db/keyset.js';
import type { TAuthenticatedActor } from '../../../platform/http/context.js';
import { campusSites, departments, users } from '../../people/schema.js';
import { scholars } from '../../scholars/schema.js';
import { siteFilter } from '../../students/index.js';
import { scholarReachFilter } from '../../scholars/index.js';
import { studentProfiles } from '../../students/schema.js';

/*
 * The read model of the Integrated User Tool (docs/product/integrated-user-tool.md): student and scholar portal
 * accounts (people's users) with the record each is linked to (the students module's student_profiles, the
 * scholars module's scholars). Reads only; every change goes through the owning module's operation.
 */

export const ROLE_OF = { student: 'ISSSstudent', scholar: 'scholar' } as const satisfies Record<A.TIdentityLinkKind, string>;
export const KIND_OF: Record<string, A.TIdentityLinkKind | undefined> = { ISSSstudent: 'student', scholar: 'scholar' };

const isStudent = sql`${users.role} = 'ISSSstudent'`;
const isScholar = sql`${users.role} = 'scholar'`;
/** The campus site a student account belongs to: its record's, else the account's own. */
const studentSite = sql`coalesce(${studentProfiles.campusSiteId}, ${users.campusSiteId})`;
/** The department a scholar account belongs to: its scholar's hiring department, else the account's. */
const scholarDepartment = sql`coalesce(${scholars.departmentId}, ${users.departmentId})`;

/** One account with its record, as every part of the tool reads it. */
const ACCOUNT_COLUMNS = {
  userId: users.id,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  userName: users.userName,
  isActive: users.isActive,
  profileId: studentProfiles.id,
  profileFirstName: studentProfiles.firstName,
  profileLastName: studentProfiles.lastName,
  campusId: studentProfiles.campusId,
  scholarId: scholars.id,
  scholarFirstName: scholars.firstName,
  scholarLastName: scholars.lastName,
  employeeId: scholars.employeeId,
  siteId: sql<number | null>`${studentSite}`,
  siteName: campusSites.name,
  departmentId: sql<string | null>`${scholarDepartment}`,
  departmentName: departments.name,
};
export type TAccountRow = {
  userId: string;
  role: string;
  firstName: string;
  lastName: string;
  email: string;
  userName: string;
  isActive: boolean;
  profileId: string | null;
  profileFirstName: string | null;
  profileLastName: string | null;
  campusId: string | null;
  scholarId: string | null;
  scholarFirstName: string | null;
  scholarLastName: string | null;
  employeeId: string | null;
  siteId: number | null;
  siteName: string | null;
  departmentId: string | null;
  departmentName: string | null;
};

/** The joins every read makes: a student account's record, a scholar account's scholar, their site and department. */
function joined<T extends PgSelect>(q: T): T {
  return q
    .leftJoin(studentProfiles, and(eq(studentProfiles.userId, users.id), isStudent))
    .leftJoin(scholars, and(eq(scholars.userId, users.id), isScholar))
    .leftJoin(campusSites, and(isStudent, eq(campusSites.id, studentSite)))
    .leftJoin(departments, and(isScholar, eq(departments.id, scholarDepartment))) as unknown as T;
}

/**
 * The accounts a staff member reaches: student accounts of their campus sites (as the Student List:
 * siteFilter), scholar accounts within their scholar area (its departments).
 */
export function accountReach(actor: TAuthenticatedActor): SQL {
  return or(and(isStudent, siteFilter(actor, studentSite)), and(isScholar, scholarReachFilter(actor, scholarDepartment, 'view'))) as SQL;
}

function stateFilter(state: A.TIdentityLinkState): SQL {
  const noRecord = or(and(isStudent, isNull(studentProfiles.id)), and(isScholar, isNull(scholars.id)))!;
  const noId = or(
    and(isStudent, isNotNull(studentProfiles.id), isNull(studentProfiles.campusId)),
    and(isScholar, isNotNull(scholars.id), isNull(scholars.employeeId)),
  )!;
  switch (state) {
    case 'no-record':
      return noRecord;
    case 'no-id':
      return noId;
    case 'not-linked':
      return or(noRecord, noId)!;
    case 'linked':
      return or(and(isStudent, isNotNull(studentProfiles.campusId)), and(isScholar, isNotNull(scholars.employeeId)))!;
  }
}

/** LIKE's own characters taken literally, the keyword anywhere. */
const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function listCondition(actor: TAuthenticatedActor, q: A.TListIdentityLinksFilters): SQL {
  const where: (SQL | undefined)[] = [
    q.kind ? eq(users.role, ROLE_OF[q.kind]) : inArray(users.role, Object.values(ROLE_OF)),
    accountReach(actor),
    q.state ? stateFilter(q.state) : undefined,
  ];
  if (q.q) {
    // Names and e-mail addresses through the people's trigram index (user_search_ids, migration 0026: row-level
    // security keeps LIKE away from the index); a user name or an id is matched whole, through its unique index.
    where.push(
      or(
        sql`${users.id} = any(array(select user_search_ids(${likeOf(q.q)})))`,
        sql`lower(${users.userName}) = lower(${q.q})`,
        eq(studentProfiles.campusId, q.q),
        eq(scholars.employeeId, q.q),
      ),
    );
  }
  return and(...where)!;
}

/** One page of the list: scoped, filtered, sorted by keys on the accounts alone (an index walk), counted to the cap. */
export async function listAccountsQuery(
  tx: TTx,
  actor: TAuthenticatedActor,
  q: A.TListIdentityLinksFilters,
): Promise<{ rows: TAccountRow[]; total: number; totalCapped: boolean; next: string | null; prev: string | null }> {
  const cond = listCondition(actor, q);
  const id = { expr: users.id, kind: 'uuid' } as const;
  const orders: Record<(typeof A.IDENTITY_LINK_SORTS)[number], TSeekOrder> = {
    name: { keys: [{ expr: users.lastName, kind: 'text' }, { expr: users.firstName, kind: 'text' }, id], order: q.order },
    email: { keys: [{ expr: sql`lower(${users.email})`, kind: 'text' }, id], order: q.order },
    userName: { keys: [{ expr: sql`lower(${users.userName})`, kind: 'text' }, id], order: q.order },
  };
  const order = orders[q.sort];
  const counted = await countUpTo(
    tx,
    joined(
      tx
        .select({ one: sql`1` })
        .from(users)
        .$dynamic(),
    ).where(cond),
  );
  const walk = (extra: SQL | undefined, orderBy: SQL[], limit: number, offset = 0) =>
    joined(
      tx
        .select({ ...ACCOUNT_COLUMNS, ...keyColumns(order) })
        .from(users)
        .$dynamic(),
    )
      .where(and(cond, extra))
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
  const seek = await seekPage(order, { after: q.after, before: q.before, offset: (q.page - 1) * q.pageSize }, q.pageSize, walk);
  return { rows: seek.rows, ...counted, next: seek.next, prev: seek.prev };
}

/** Accounts by id (student and scholar accounts only), whatever the actor's reach: the caller checks it. */
export async function accountsByIds(tx: TTx, userIds: string[]): Promise<TAccountRow[]> {
  if (!userIds.length) return [];
  return joined(tx.select(ACCOUNT_COLUMNS).from(users).$dynamic()).where(
    and(inArray(users.id, userIds), inArray(users.role, Object.values(ROLE_OF))),
  );
}

/** Student and scholar accounts whose user name, or else e-mail address, is one of these (lower case). */
export async function accountsByNames(tx: TTx, names: string[]): Promise<TAccountRow[]> {
  if (!names.length) return [];
  return joined(tx.select(ACCOUNT_COLUMNS).from(users).$dynamic()).where(
    and(
      inArray(users.role, Object.values(ROLE_OF)),
      or(inArray(sql`lower(${users.userName})`, names), inArray(sql`lower(${users.email})`, names)),
    ),
  );
}
