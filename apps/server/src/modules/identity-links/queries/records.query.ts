import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { identityLinksApi as A } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../../platform/http/context.js';
import { campusSites, departments } from '../../people/schema.js';
import { scholarReachFilter } from '../../scholars/index.js';
import { scholars } from '../../scholars/schema.js';
import { siteFilter } from '../../students/index.js';
import { studentProfiles } from '../../students/schema.js';

/** A student or scholar record as the tool shows it, with what its reach and link depend on. */
export interface TRecordRow {
  kind: A.TIdentityLinkKind;
  id: string;
  userId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  externalId: string | null;
  /** Student records: the campus site; scholars: the hiring department. */
  siteId: number | null;
  departmentId: string | null;
  placeName: string | null;
}

const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const LIMIT = 20;

const studentColumns = {
  id: studentProfiles.id,
  userId: studentProfiles.userId,
  firstName: studentProfiles.firstName,
  lastName: studentProfiles.lastName,
  email: studentProfiles.email,
  externalId: studentProfiles.campusId,
  siteId: studentProfiles.campusSiteId,
  placeName: campusSites.name,
};
const scholarColumns = {
  id: scholars.id,
  userId: scholars.userId,
  firstName: scholars.firstName,
  lastName: scholars.lastName,
  email: scholars.email,
  externalId: scholars.employeeId,
  departmentId: scholars.departmentId,
  placeName: departments.name,
};

async function students(tx: TTx, where: SQL | undefined, limit?: number): Promise<TRecordRow[]> {
  const q = tx
    .select(studentColumns)
    .from(studentProfiles)
    .leftJoin(campusSites, eq(campusSites.id, studentProfiles.campusSiteId))
    .where(and(eq(studentProfiles.isArchived, false), where))
    .orderBy(studentProfiles.lastName, studentProfiles.firstName, studentProfiles.id)
    .$dynamic();
  const rows = await (limit ? q.limit(limit) : q);
  return rows.map((r) => ({ kind: 'student', departmentId: null, ...r }));
}

async function scholarRows(tx: TTx, where: SQL | undefined, limit?: number): Promise<TRecordRow[]> {
  const q = tx
    .select(scholarColumns)
    .from(scholars)
    .leftJoin(departments, eq(departments.id, scholars.departmentId))
    .where(where)
    .orderBy(scholars.lastName, scholars.firstName, scholars.id)
    .$dynamic();
  const rows = await (limit ? q.limit(limit) : q);
  return rows.map((r) => ({ kind: 'scholar', siteId: null, ...r }));
}

/**
 * Records of a kind without a portal account that the actor may link (campus sites, scholar area), by part of
 * the name or e-mail (through the owner-run search functions: row-level security keeps LIKE from the trigram
 * indexes) or by the whole id; the first 20 by name.
 */
export function unlinkedRecordsQuery(
  tx: TTx,
  actor: TAuthenticatedActor,
  institutionId: string,
  q: A.TUnlinkedRecordsFilters,
): Promise<TRecordRow[]> {
  const term = q.q ?? '';
  if (q.kind === 'student') {
    const match = term
      ? or(sql`${studentProfiles.id} in (select student_search_ids(${likeOf(term)}))`, eq(studentProfiles.campusId, term))
      : undefined;
    return students(tx, and(isNull(studentProfiles.userId), siteFilter(actor), match), LIMIT);
  }
  const match = term
    ? or(sql`${scholars.id} in (select scholar_search_ids(${institutionId}::uuid, ${likeOf(term)}))`, eq(scholars.employeeId, term))
    : undefined;
  return scholarRows(tx, and(isNull(scholars.userId), scholarReachFilter(actor, scholars.departmentId, 'view'), match), LIMIT);
}

/** One record by kind and id (any reach: the caller checks it), or null. */
export async function recordById(tx: TTx, kind: A.TIdentityLinkKind, id: string): Promise<TRecordRow | null> {
  const rows = kind === 'student' ? await students(tx, eq(studentProfiles.id, id)) : await scholarRows(tx, eq(scholars.id, id));
  return rows[0] ?? null;
}

/** The records holding any of these ids (SIS ids of student records, HR ids of scholars), archived ones too. */
export async function recordsByExternalIds(tx: TTx, kind: A.TIdentityLinkKind, ids: string[]): Promise<TRecordRow[]> {
  if (!ids.length) return [];
  if (kind === 'scholar') return scholarRows(tx, inArray(scholars.employeeId, ids));
  const rows = await tx
    .select(studentColumns)
    .from(studentProfiles)
    .leftJoin(campusSites, eq(campusSites.id, studentProfiles.campusSiteId))
    .where(inArray(studentProfiles.campusId, ids));
  return rows.map((r) => ({ kind: 'student', departmentId: null, ...r }));
}
