import type { TTestApp } from './app.js';

/**
 * Student records written straight into the database (as the owner), so tests and matrix rows
 * get a fresh record without walking intake each time. Shared by every students test file.
 */
let n = 0;
export interface TStudentFixture {
  institutionId?: string | undefined;
  site?: 'MAIN' | 'MED' | null | undefined;
  visaType?: 'F-1' | 'J-1' | undefined;
  sevisStatus?: string | undefined;
  stage?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  /** A demo user name (e.g. 'student') whose portal account this record is. */
  user?: string | null | undefined;
  programStartDate?: string | null | undefined;
  programEndDate?: string | null | undefined;
  educationLevel?: string | undefined;
  extra?: Record<string, unknown> | undefined;
}

export async function siteId(t: TTestApp, code: 'MAIN' | 'MED', inst = t.institutionA): Promise<number> {
  const [s] = await t.sql<{ id: number }>('select id from campus_sites where institution_id = $1 and code = $2', [inst, code]);
  return s!.id;
}

/** A new student record; returns its id and SEVIS id. */
export async function newStudent(t: TTestApp, o: TStudentFixture = {}): Promise<{ id: string; sevisId: string }> {
  const inst = o.institutionId ?? t.institutionA;
  n += 1;
  const sevisId = `N${String(9000000000 + Math.floor(Math.random() * 99999999) + n).padStart(10, '0')}`;
  const site = o.site === null ? null : await siteId(t, o.site ?? 'MAIN', inst);
  let userId: string | null = null;
  if (o.user) {
    const [u] = await t.sql<{ id: string }>('select id from users where institution_id = $1 and user_name = $2', [inst, o.user]);
    userId = u!.id;
  }
  const cols: Record<string, unknown> = {
    institution_id: inst,
    user_id: userId,
    campus_site_id: site,
    sevis_id: sevisId,
    first_name: o.firstName ?? `Test${n}`,
    last_name: o.lastName ?? `Student${n}`,
    email: `test${n}.${Date.now()}@example.edu`,
    visa_type: o.visaType ?? 'F-1',
    sevis_status: o.sevisStatus ?? 'Active',
    current_stage: o.stage ?? 'continuing',
    education_level: o.educationLevel ?? '03',
    birth_date: '1999-04-12',
    birth_country_cd: 'IN',
    citizenship_country_cd: 'IN',
    program_start_date: o.programStartDate === undefined ? '2025-08-20' : o.programStartDate,
    program_end_date: o.programEndDate === undefined ? '2027-05-15' : o.programEndDate,
    ...(o.extra ?? {}),
  };
  const keys = Object.keys(cols);
  const [row] = await t.sql<{ id: string; sevis_id: string }>(
    `insert into student_profiles (${keys.join(', ')}) values (${keys.map((_, i) => `$${i + 1}`).join(', ')}) returning id, sevis_id`,
    keys.map((k) => cols[k]),
  );
  return { id: row!.id, sevisId: row!.sevis_id };
}
