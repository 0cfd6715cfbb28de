import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  daysBetween,
  STEM_EVALUATION_SUBMIT_DAYS,
  stemReportStatus,
  stemReportSubmitBy,
  type studentsApi,
} from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../../../platform/http/context.js';
import { stemReports, studentEmployments, studentProfiles } from '../../schema.js';
import { siteFilter, staffReachesProfile } from '../../student.policy.js';
import { likeOf } from './opt-students.query.js';

const employerOf = sql<string>`coalesce((
  select e.employer_name from student_employments e
  where e.profile_id = ${stemReports.profileId} and e.kind = 'stem' and e.employer_name <> '' and e.status <> 'cancelled'
  order by e.start_date desc nulls last limit 1), '')`;

function columns() {
  return {
    report: stemReports,
    firstName: studentProfiles.firstName,
    lastName: studentProfiles.lastName,
    sevisId: studentProfiles.sevisId,
    studentUserId: studentProfiles.userId,
    campusSiteId: studentProfiles.campusSiteId,
    stemStart: studentEmployments.authorizedStartDate,
    stemEnd: studentEmployments.authorizedEndDate,
    employerName: employerOf,
  };
}

type TRow = {
  report: typeof stemReports.$inferSelect;
  firstName: string;
  lastName: string;
  sevisId: string | null;
  studentUserId: string | null;
  campusSiteId: number | null;
  stemStart: string | null;
  stemEnd: string | null;
  employerName: string;
};

/** A STEM OPT report row as the list shows it, with its status and the days left. */
export function presentStemReport(actor: TAuthenticatedActor, r: TRow, today: string): studentsApi.TStemReport {
  // A received date is stored as noon UTC of that day (mark-stem-report-received): its UTC day is the date typed.
  const receivedOn = r.report.receivedAt ? r.report.receivedAt.toISOString().slice(0, 10) : null;
  const kind = r.report.kind as 'validation_report' | 'evaluation';
  const submitBy = stemReportSubmitBy(kind, r.report.dueDate, r.stemEnd);
  return {
    reportId: r.report.id,
    profileId: r.report.profileId,
    firstName: r.firstName,
    lastName: r.lastName,
    sevisId: r.sevisId,
    studentUserId: r.studentUserId,
    employerName: r.employerName,
    stemStart: r.stemStart,
    stemEnd: r.stemEnd,
    kind,
    dueDate: r.report.dueDate,
    submitBy,
    status: stemReportStatus(r.report.dueDate, receivedOn, today, submitBy),
    daysLeft: daysBetween(today, submitBy),
    receivedOn,
    attachmentId: r.report.attachmentId,
    notes: r.report.notes,
    canEdit: staffReachesProfile(actor, { campusSiteId: r.campusSiteId }, 'edit'),
  };
}

/**
 * stemReportSubmitBy in SQL: an evaluation is received in time until 10 days after its period ends (the day
 * before its twelve-month mark, or the STEM end date for the final one); a validation report on its due date.
 */
const submitBySql = sql`(case when ${stemReports.kind} = 'evaluation' then (case
  when ${studentEmployments.authorizedEndDate} is not null and ${stemReports.dueDate} >= ${studentEmployments.authorizedEndDate}
  then ${studentEmployments.authorizedEndDate} else ${stemReports.dueDate} - 1 end) + ${STEM_EVALUATION_SUBMIT_DAYS}::int
  else ${stemReports.dueDate} end)`;

function baseQuery(tx: TTx) {
  return tx
    .select(columns())
    .from(stemReports)
    .innerJoin(studentProfiles, eq(studentProfiles.id, stemReports.profileId))
    .leftJoin(studentEmployments, eq(studentEmployments.id, stemReports.employmentId));
}

/** One report with what the list shows of it. */
export async function getStemReportRow(tx: TTx, reportId: string): Promise<TRow | undefined> {
  const [row] = await baseQuery(tx).where(eq(stemReports.id, reportId));
  return row;
}

/** STEM Report Participation: scoped to the actor's sites, filtered, sorted and paged in SQL. */
export async function listStemReportsQuery(tx: TTx, actor: TAuthenticatedActor, q: studentsApi.TListStemReportsQuery, today: string) {
  const soon = addDays(today, 30);
  const where: SQL[] = [siteFilter(actor), eq(studentProfiles.isArchived, false)];
  if (q.q) {
    const like = likeOf(q.q);
    where.push(
      or(
        ilike(studentProfiles.firstName, like),
        ilike(studentProfiles.lastName, like),
        ilike(studentProfiles.sevisId, like),
        ilike(sql`${studentProfiles.firstName} || ' ' || ${studentProfiles.lastName}`, like),
        ilike(employerOf, like),
      )!,
    );
  }
  if (q.kind) where.push(eq(stemReports.kind, q.kind));
  const open = isNull(stemReports.receivedAt);
  if (q.status === 'received') where.push(isNotNull(stemReports.receivedAt));
  if (q.status === 'overdue') where.push(open, sql`${submitBySql} < ${today}::date`);
  if (q.status === 'due') where.push(open, sql`${submitBySql} >= ${today}::date`, lte(stemReports.dueDate, soon));
  if (q.status === 'upcoming') where.push(open, gt(stemReports.dueDate, soon));
  if (q.status === 'open') where.push(open, lte(stemReports.dueDate, soon));
  const dir = q.order === 'desc' ? desc : asc;
  const order =
    q.sort === 'name'
      ? [dir(studentProfiles.lastName), dir(studentProfiles.firstName), asc(stemReports.dueDate)]
      : [dir(stemReports.dueDate), asc(studentProfiles.lastName), asc(studentProfiles.firstName)];
  const [{ total }] = (await tx
    .select({ total: count() })
    .from(stemReports)
    .innerJoin(studentProfiles, eq(studentProfiles.id, stemReports.profileId))
    .leftJoin(studentEmployments, eq(studentEmployments.id, stemReports.employmentId))
    .where(and(...where))) as [{ total: number }];
  const rows = (await baseQuery(tx)
    .where(and(...where))
    .orderBy(...order, asc(stemReports.kind), asc(stemReports.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)) as TRow[];
  return { items: rows.map((r) => presentStemReport(actor, r, today)), total: Number(total), page: q.page, pageSize: q.pageSize };
}

/**
 * The reports the office is waiting for, as STEM Report Participation's "open" shows them (not received,
 * due within 30 days or overdue), on the actor's students: the deadlines list's STEM reports.
 */
export async function openStemReports(tx: TTx, actor: TAuthenticatedActor, today: string): Promise<studentsApi.TStemReport[]> {
  const rows = (await baseQuery(tx).where(
    and(
      siteFilter(actor),
      eq(studentProfiles.isArchived, false),
      isNull(stemReports.receivedAt),
      lte(stemReports.dueDate, addDays(today, 30)),
    ),
  )) as TRow[];
  return rows.map((r) => presentStemReport(actor, r, today));
}
