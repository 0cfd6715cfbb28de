import { and, between, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import {
  addDays,
  optFilingWindow,
  programEndAlert,
  registrationDue,
  STEM_REPORT_KIND_LABELS,
  studentsApi,
  UNEMPLOYMENT_THRESHOLDS,
} from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../../../platform/http/context.js';
import { studentEmployments, studentProfiles } from '../../schema.js';
import { siteFilter } from '../../student.policy.js';
import { loadOptData } from './opt-data.query.js';
import { optStudentProfiles } from './opt-students.query.js';
import { openStemReports } from './stem-reports.query.js';

type TDeadline = studentsApi.TDeadline;
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const person = {
  id: studentProfiles.id,
  firstName: studentProfiles.firstName,
  lastName: studentProfiles.lastName,
  sevisId: studentProfiles.sevisId,
};
type TPerson = { id: string; firstName: string; lastName: string; sevisId: string | null };
const who = (p: TPerson) => ({ profileId: p.id, firstName: p.firstName, lastName: p.lastName, sevisId: p.sevisId });

/** An OPT or STEM row of a phase that is approved or being requested (the filing is done). */
function hasOptRow(tx: TTx, phases: string[]) {
  return tx
    .select({ one: sql`1` })
    .from(studentEmployments)
    .where(
      and(
        eq(studentEmployments.profileId, studentProfiles.id),
        inArray(studentEmployments.kind, ['opt', 'stem']),
        inArray(studentEmployments.optPhase, phases),
        inArray(studentEmployments.status, ['approved', 'requested']),
      ),
    );
}

async function optFiling(tx: TTx, actor: TAuthenticatedActor, today: string): Promise<TDeadline[]> {
  const rows = await tx
    .select({ ...person, programEndDate: studentProfiles.programEndDate })
    .from(studentProfiles)
    .where(
      and(
        siteFilter(actor),
        eq(studentProfiles.isArchived, false),
        eq(studentProfiles.visaType, 'F-1'),
        eq(studentProfiles.sevisStatus, 'Active'),
        between(studentProfiles.programEndDate, addDays(today, -60), addDays(today, 90)),
        notExists(hasOptRow(tx, ['02', '03'])),
      ),
    );
  return rows.flatMap((r) => {
    const w = optFilingWindow(r.programEndDate!, today);
    if (w.status !== 'open') return [];
    return [
      {
        ...who(r),
        key: `opt_filing:${r.id}`,
        kind: 'opt_filing' as const,
        dueDate: w.closesOn,
        daysLeft: w.daysLeft,
        what: `Post-completion OPT can be requested until ${us(w.closesOn)} (program ends ${us(r.programEndDate!)})`,
        severity: w.daysLeft <= 14 ? ('critical' as const) : w.daysLeft <= 30 ? ('warning' as const) : ('info' as const),
      },
    ];
  });
}

async function programEnd(tx: TTx, actor: TAuthenticatedActor, today: string): Promise<TDeadline[]> {
  const rows = await tx
    .select({ ...person, programEndDate: studentProfiles.programEndDate })
    .from(studentProfiles)
    .where(
      and(
        siteFilter(actor),
        eq(studentProfiles.isArchived, false),
        eq(studentProfiles.sevisStatus, 'Active'),
        between(studentProfiles.programEndDate, today, addDays(today, 60)),
      ),
    );
  return rows.flatMap((r) => {
    const a = programEndAlert(r.programEndDate!, today);
    if (a.alertAt === null) return [];
    return [
      {
        ...who(r),
        key: `program_end:${r.id}`,
        kind: 'program_end' as const,
        dueDate: r.programEndDate!,
        daysLeft: a.daysLeft,
        what: `Program ends on ${us(r.programEndDate!)} (${a.alertAt}-day notice)`,
        severity: a.alertAt <= 30 ? ('warning' as const) : ('info' as const),
      },
    ];
  });
}

async function registration(tx: TTx, actor: TAuthenticatedActor, today: string): Promise<TDeadline[]> {
  const rows = await tx
    .select({ ...person, sessionStartDate: studentProfiles.sessionStartDate })
    .from(studentProfiles)
    .where(
      and(
        siteFilter(actor),
        eq(studentProfiles.isArchived, false),
        inArray(studentProfiles.sevisStatus, ['Active', 'Initial']),
        eq(studentProfiles.isRegistered, false),
        isNotNull(studentProfiles.sessionStartDate),
        // A session that started more than a term ago is a record to correct, not a deadline.
        between(studentProfiles.sessionStartDate, addDays(today, -120), today),
      ),
    );
  return rows.map((r) => {
    const d = registrationDue(r.sessionStartDate!, false, today);
    return {
      ...who(r),
      key: `registration:${r.id}`,
      kind: 'registration' as const,
      dueDate: d.dueOn,
      daysLeft: d.daysLeft,
      what:
        d.status === 'overdue'
          ? `SEVIS registration overdue since ${us(d.dueOn)} (session started ${us(r.sessionStartDate!)})`
          : `Register in SEVIS by ${us(d.dueOn)} (session started ${us(r.sessionStartDate!)})`,
      severity: d.status === 'overdue' ? ('critical' as const) : d.daysLeft <= 7 ? ('warning' as const) : ('info' as const),
    };
  });
}

async function optCounters(tx: TTx, actor: TAuthenticatedActor, today: string): Promise<TDeadline[]> {
  const profiles = await optStudentProfiles(tx, siteFilter(actor), today);
  const data = await loadOptData(
    tx,
    profiles.map((p) => p.id),
    today,
  );
  const out: TDeadline[] = [];
  for (const p of profiles) {
    const d = data.get(p.id)!;
    const u = d.unemployment;
    if (u && u.level !== 'ok' && d.current && d.current.endDate >= today) {
      // Exceeded may mean the 90 post-completion days while the 150 of a started STEM extension are not yet used.
      const left = u.level === 'exceeded' ? -u.over : u.remaining;
      out.push({
        ...who(p),
        key: `unemployment:${p.id}`,
        kind: 'unemployment',
        dueDate: addDays(today, Math.max(left, 0)),
        daysLeft: left,
        what:
          left < 0
            ? `Unemployment limit exceeded: ${u.over} ${u.over === 1 ? 'day' : 'days'} over the ${u.exceededLimit}-day limit`
            : `${u.used} of ${u.allowed} unemployment days used; ${left} left`,
        severity: left <= UNEMPLOYMENT_THRESHOLDS.critical ? 'critical' : 'warning',
      });
    }
    // STEM extension window: the post-completion authorisation ends within 90 days and no STEM is on file.
    const post = d.current?.phase === '02' ? d.current : null;
    const hasStem = d.authorizations.some((a) => a.phase === '03') || d.rows.some((r) => r.optPhase === '03' || r.kind === 'stem');
    if (post && !hasStem && post.endDate >= today && post.endDate <= addDays(today, 90)) {
      const left = Math.round((Date.parse(post.endDate) - Date.parse(today)) / 86_400_000);
      out.push({
        ...who(p),
        key: `stem_filing:${p.id}`,
        kind: 'stem_filing',
        dueDate: post.endDate,
        daysLeft: left,
        what: `STEM extension can be requested until ${us(post.endDate)}, when post-completion OPT ends`,
        severity: left <= 14 ? 'critical' : left <= 30 ? 'warning' : 'info',
      });
    }
  }
  return out;
}

/** STEM reports the office still waits for: due within 30 days, or overdue (the last day to receive them in time). */
async function stemReportsDue(tx: TTx, actor: TAuthenticatedActor, today: string): Promise<TDeadline[]> {
  const reports = await openStemReports(tx, actor, today);
  return reports.map((r) => ({
    profileId: r.profileId,
    firstName: r.firstName,
    lastName: r.lastName,
    sevisId: r.sevisId,
    key: `stem_report:${r.reportId}`,
    kind: 'stem_report' as const,
    dueDate: r.submitBy,
    daysLeft: r.daysLeft,
    what:
      r.daysLeft < 0
        ? `${STEM_REPORT_KIND_LABELS[r.kind]} overdue since ${us(r.submitBy)} (due ${us(r.dueDate)})`
        : `${STEM_REPORT_KIND_LABELS[r.kind]} due ${us(r.dueDate)}; to be received by ${us(r.submitBy)}`,
    severity: r.daysLeft < 0 ? ('critical' as const) : r.daysLeft <= 7 ? ('warning' as const) : ('info' as const),
  }));
}

/**
 * Everything due across the actor's students, soonest first: of one kind, and (within) only what falls due
 * in the next N days, today being the first, or is overdue already.
 */
export async function deadlineItems(
  tx: TTx,
  actor: TAuthenticatedActor,
  today: string,
  filter: { kind?: studentsApi.TDeadlineKind | undefined; within?: number | undefined } = {},
): Promise<TDeadline[]> {
  const want = (k: studentsApi.TDeadlineKind) => !filter.kind || filter.kind === k;
  // One transaction, one connection: the parts run one after another.
  const parts: TDeadline[][] = [];
  if (want('opt_filing')) parts.push(await optFiling(tx, actor, today));
  if (want('program_end')) parts.push(await programEnd(tx, actor, today));
  if (want('registration')) parts.push(await registration(tx, actor, today));
  if (want('unemployment') || want('stem_filing')) parts.push(await optCounters(tx, actor, today));
  if (want('stem_report')) parts.push(await stemReportsDue(tx, actor, today));
  const within = filter.within;
  return parts
    .flat()
    .filter((d) => want(d.kind) && (within === undefined || d.daysLeft < within))
    .sort((a, b) => a.daysLeft - b.daysLeft || a.lastName.localeCompare(b.lastName) || a.key.localeCompare(b.key));
}

/** The deadlines dashboard: everything due across the actor's students, soonest first, a page at a time. */
export async function listDeadlinesQuery(tx: TTx, actor: TAuthenticatedActor, q: studentsApi.TListDeadlinesQuery, today: string) {
  const items = await deadlineItems(tx, actor, today, { kind: q.kind, within: q.within });
  return { items: items.slice((q.page - 1) * q.pageSize, q.page * q.pageSize), total: items.length, page: q.page, pageSize: q.pageSize };
}

/** How many deadlines of each kind fall due in the next `within` days (or are overdue) for the actor's students. */
export async function countDeadlines(
  tx: TTx,
  actor: TAuthenticatedActor,
  today: string,
  within: number,
): Promise<Record<studentsApi.TDeadlineKind, number>> {
  const counts = Object.fromEntries(studentsApi.DEADLINE_KINDS.map((k) => [k, 0])) as Record<studentsApi.TDeadlineKind, number>;
  for (const d of await deadlineItems(tx, actor, today, { within })) counts[d.kind] += 1;
  return counts;
}
