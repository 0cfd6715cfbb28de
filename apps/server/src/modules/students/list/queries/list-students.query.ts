import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { type studentsApi, type TStudentListTitle } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../../../platform/http/context.js';
import { campusSites } from '../../../people/index.js';
import { siteFilter } from '../../student.policy.js';
import { studentProfiles as p } from '../../schema.js';

export type TListStudentsQuery = z.output<typeof studentsApi.ZListStudentsQuery>;

const F1 = sql`${p.visaType} = 'F-1'`;
const J1 = sql`${p.visaType} = 'J-1'`;
const status = (s: string) => sql`${p.sevisStatus} = ${s}`;

/**
 * The record has an employment row (student_employments) matching `cond`. Written as an uncorrelated
 * IN so PostgreSQL reads the (small) employment table once and hashes it, instead of probing it once
 * per student (a correlated EXISTS cost 0.5 s per title count at 60 000 records; bench/students-list).
 */
const hasEmployment = (cond: SQL) => sql`${p.id} in (select e.profile_id from student_employments e where ${cond})`;
/** Approved post-completion (02) or STEM (kind stem / phase 03) OPT. */
const postOrStemOpt = sql`e.status = 'approved' and ((e.kind = 'opt' and e.opt_phase = '02') or e.kind = 'stem' or e.opt_phase = '03')`;
const stemOpt = sql`e.status = 'approved' and (e.kind = 'stem' or e.opt_phase = '03')`;
/** An approved authorisation whose period covers today (open ends count as covering). */
const coversToday = (today: string) =>
  sql`coalesce(e.authorized_start_date, e.start_date) <= ${today}::date and coalesce(e.authorized_end_date, e.end_date, 'infinity'::date) >= ${today}::date`;

/**
 * Every list title (docs/product/students-list.md#list-titles), defined once. `today` is the server's date
 * (tests inject it). Archived records (is_archived) only appear in 'all'; that is applied in
 * titleCondition().
 */
export function titleDefinitions(today: string): Record<TStudentListTitle, SQL> {
  // OPT (F-1): approved pre- or post-completion OPT (kind opt, phase 01/02) or STEM OPT (kind stem or
  // phase 03) whose authorised end is today or later (current and upcoming authorisations).
  const opt = sql`${F1} and ${hasEmployment(sql`e.status = 'approved' and ((e.kind = 'opt' and e.opt_phase in ('01', '02')) or e.kind = 'stem' or e.opt_phase = '03') and e.authorized_end_date >= ${today}::date`)}`;
  return {
    // F-1 records SEVIS holds as Active.
    active: sql`${F1} and ${status('Active')}`,
    // F-1 records created in SEVIS, not yet registered/activated.
    initial: sql`${F1} and ${status('Initial')}`,
    // Active F-1 students not registered for a session that has already started.
    'active-requiring-registration': sql`${F1} and ${status('Active')} and not ${p.isRegistered} and ${p.sessionStartDate} <= ${today}::date`,
    // Every record the caller reaches, archived ones included.
    all: sql`true`,
    // F-1 records Terminated, Completed or Canceled on or after today − 18 months (docs/product/students-list.md#list-titles).
    'terminated-18-months': sql`${F1} and ${p.sevisStatus} in ('Terminated', 'Completed', 'Canceled') and ${p.sevisStatusDate} >= (${today}::date - interval '18 months')::date`,
    // F-1 with an approved CPT authorisation that has not ended (end_date today or later).
    cpt: sql`${F1} and ${hasEmployment(sql`e.kind = 'cpt' and e.status = 'approved' and e.end_date >= ${today}::date`)}`,
    opt,
    // F-1 transferring in from or out to another school.
    transfer: sql`${F1} and ${p.transferDirection} in ('in', 'out')`,
    // The OPT list, only students who have a portal account they may sign in with.
    'opt-portal-account': sql`${opt} and ${p.userId} is not null and ${p.portalAccess} = 1`,
    // Any visa: a correction of the record is waiting for a decision.
    'correction-requests': sql`${p.id} in (select c.profile_id from student_profile_corrections c where c.status = 'pending')`,
    // F-1 Initial records whose port of entry is known (they have entered; registration is next).
    'initial-port-of-entry': sql`${F1} and ${status('Initial')} and ${p.portOfEntry} <> ''`,
    // F-1 on current approved post-completion or STEM OPT with no employer whose employment covers today.
    'approved-opt-no-employer': sql`${F1} and ${hasEmployment(sql`${postOrStemOpt} and ${coversToday(today)}`)} and not ${hasEmployment(
      sql`e.kind in ('opt', 'stem') and e.status = 'approved' and e.employer_name <> '' and e.start_date <= ${today}::date and coalesce(e.end_date, 'infinity'::date) >= ${today}::date`,
    )}`,
    // Exchange visitors (J-1) by SEVIS status, transfer direction or current employment.
    'ev-active': sql`${J1} and ${status('Active')}`,
    'ev-initial': sql`${J1} and ${status('Initial')}`,
    'ev-all': J1,
    'ev-terminated': sql`${J1} and ${status('Terminated')}`,
    'ev-inactive': sql`${J1} and ${status('Inactive')}`,
    'ev-invalid': sql`${J1} and ${status('Invalid')}`,
    'ev-no-show': sql`${J1} and ${status('No Show')}`,
    'ev-transferred-out': sql`${J1} and ${p.transferDirection} = 'out'`,
    'ev-transfer-in': sql`${J1} and ${p.transferDirection} = 'in'`,
    'ev-academic-training': sql`${J1} and ${hasEmployment(sql`e.kind = 'academic_training' and e.status = 'approved' and ${coversToday(today)}`)}`,
    'ev-student-employment': sql`${J1} and ${hasEmployment(sql`e.kind = 'on_campus' and e.status = 'approved' and ${coversToday(today)}`)}`,
    // F-1 on current approved STEM OPT whose I-983 training plan has not been uploaded.
    'stem-i983-upload-alert': sql`${F1} and ${hasEmployment(sql`${stemOpt} and ${coversToday(today)} and e.i983_attachment_id is null`)}`,
  };
}

/** The title's condition including the archive rule. */
export function titleCondition(title: TStudentListTitle, today: string): SQL {
  const def = titleDefinitions(today)[title];
  return title === 'all' ? def : sql`(${def}) and not ${p.isArchived}`;
}

/** Everything but the title: institution, campus sites the actor reaches, keyword, filters. */
function commonConditions(actor: TAuthenticatedActor, institutionId: string, q: Partial<TListStudentsQuery>): SQL[] {
  const where: SQL[] = [eq(p.institutionId, institutionId), siteFilter(actor)];
  if (q.q) {
    // One keyword, matched anywhere; LIKE's own characters are taken literally.
    const like = `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Row-level security would keep the trigram index (student_profiles_search_trgm) out of reach (LIKE is
    // not leakproof), so the match runs in student_search_ids (migration 0010): owner-run, filtered to the
    // caller's institution, returning ids only; RLS, campus sites and the title still apply here.
    where.push(sql`${p.id} in (select student_search_ids(${like}))`);
  }
  if (q.campusSiteId) where.push(eq(p.campusSiteId, q.campusSiteId));
  if (q.stage) where.push(eq(p.currentStage, q.stage));
  if (q.educationLevel) where.push(eq(p.educationLevel, q.educationLevel));
  if (q.major) where.push(sql`(${p.major1Code} = ${q.major} or ${p.major2Code} = ${q.major})`);
  if (q.sevisStatus) where.push(eq(p.sevisStatus, q.sevisStatus));
  if (q.tag) where.push(sql`${p.tags} @> array[${q.tag}]::text[]`);
  if (q.programEndFrom) where.push(gte(p.programEndDate, q.programEndFrom));
  if (q.programEndTo) where.push(lte(p.programEndDate, q.programEndTo));
  return where;
}

/** One row of the Student List. */
export interface TStudentListRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  sevisId: string | null;
  campusId: string | null;
  visaType: string;
  sevisStatus: string;
  campusSiteId: number | null;
  campusSiteName: string | null;
  programEndDate: string | null;
  stage: string;
  updatedAt: Date;
}

/**
 * One page of a student list title: scoped to the actor's campus sites, filtered, sorted (stable) and paged
 * in SQL. `total`, when the caller knows it (the stored title counts), saves counting the matches.
 */
export async function listStudentsQuery(
  tx: TTx,
  actor: TAuthenticatedActor,
  institutionId: string,
  q: TListStudentsQuery,
  opts: { today: string; total?: number | null },
): Promise<{ rows: TStudentListRow[]; total: number }> {
  const { today } = opts;
  const cond = and(titleCondition(q.title, today), ...commonConditions(actor, institutionId, q));
  const dir = q.order === 'desc' ? desc : asc;
  const nulls = sql.raw(q.order === 'desc' ? 'desc nulls last' : 'asc nulls last');
  const name = [dir(p.lastName), dir(p.firstName)];
  const sorts: Record<TListStudentsQuery['sort'], SQL[]> = {
    name,
    sevisId: [sql`${p.sevisId} ${nulls}`],
    programEndDate: [sql`${p.programEndDate} ${nulls}`, ...name],
    sevisStatus: [dir(p.sevisStatus), ...name],
    updatedAt: [dir(p.updatedAt)],
  };
  const total = opts.total ?? Number(((await tx.select({ total: count() }).from(p).where(cond)) as [{ total: number }])[0].total);
  const rows = await tx
    .select({
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      sevisId: p.sevisId,
      campusId: p.campusId,
      visaType: p.visaType,
      sevisStatus: p.sevisStatus,
      campusSiteId: p.campusSiteId,
      campusSiteName: campusSites.name,
      programEndDate: p.programEndDate,
      stage: p.currentStage,
      updatedAt: p.updatedAt,
    })
    .from(p)
    .leftJoin(campusSites, eq(campusSites.id, p.campusSiteId))
    .where(cond)
    // The id last: equal names / dates keep one order from page to page.
    .orderBy(...sorts[q.sort], dir(p.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, total };
}
