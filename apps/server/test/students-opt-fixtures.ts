import { addDays, todayIso } from '@meridian/domain';
import type { TTestApp } from './app.js';
import { newStudent, type TStudentFixture } from './students-fixtures.js';

export const today = () => todayIso();
export const daysFromToday = (n: number) => addDays(todayIso(), n);

/** An approved OPT/STEM authorisation (the EAD period) without an employer. */
export async function optAuthorization(
  t: TTestApp,
  profileId: string,
  o: { phase: '01' | '02' | '03'; start: string; end: string; inst?: string | undefined },
): Promise<string> {
  const [row] = await t.sql<{ id: string }>(
    `insert into student_employments (institution_id, profile_id, kind, opt_phase, status, authorized_start_date, authorized_end_date)
     values ($1, $2, $3, $4, 'approved', $5, $6) returning id`,
    [o.inst ?? t.institutionA, profileId, o.phase === '03' ? 'stem' : 'opt', o.phase, o.start, o.end],
  );
  return row!.id;
}

/** An employer period inside an authorisation. */
export async function optEmployer(
  t: TTestApp,
  profileId: string,
  o: {
    phase: '01' | '02' | '03';
    authStart: string;
    authEnd: string;
    employer: string;
    start: string;
    end?: string | null | undefined;
    inst?: string | undefined;
  },
): Promise<string> {
  const [row] = await t.sql<{ id: string }>(
    `insert into student_employments (institution_id, profile_id, kind, opt_phase, status, authorized_start_date, authorized_end_date,
       employer_name, employer_ein, start_date, end_date, full_or_part_time)
     values ($1, $2, $3, $4, 'approved', $5, $6, $7, '123456789', $8, $9, '01') returning id`,
    [
      o.inst ?? t.institutionA,
      profileId,
      o.phase === '03' ? 'stem' : 'opt',
      o.phase,
      o.authStart,
      o.authEnd,
      o.employer,
      o.start,
      o.end ?? null,
    ],
  );
  return row!.id;
}

/** A student on post-completion OPT that started `daysAgo` days ago (one year long), no employer yet. */
export async function optStudent(
  t: TTestApp,
  daysAgo: number,
  o: TStudentFixture = {},
): Promise<{ id: string; sevisId: string; authStart: string; authEnd: string }> {
  const s = await newStudent(t, { programEndDate: daysFromToday(-daysAgo - 30), ...o });
  const authStart = daysFromToday(-daysAgo);
  const authEnd = addDays(authStart, 364);
  await optAuthorization(t, s.id, { phase: '02', start: authStart, end: authEnd, inst: o.institutionId });
  return { ...s, authStart, authEnd };
}

/** A STEM report row due in `dueIn` days, on a STEM student of its own. */
export async function stemReportRow(t: TTestApp, o: TStudentFixture = {}, dueIn = 10): Promise<{ reportId: string; profileId: string }> {
  const s = await newStudent(t, o);
  const start = daysFromToday(-170);
  const authId = await optAuthorization(t, s.id, { phase: '03', start, end: addDays(start, 729), inst: o.institutionId });
  const [r] = await t.sql<{ id: string }>(
    `insert into stem_reports (institution_id, profile_id, employment_id, kind, due_date) values ($1, $2, $3, 'validation_report', $4) returning id`,
    [o.institutionId ?? t.institutionA, s.id, authId, daysFromToday(dueIn)],
  );
  return { reportId: r!.id, profileId: s.id };
}
