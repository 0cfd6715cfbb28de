import type pg from 'pg';

/**
 * Set-based seeding for the student-list benchmark: tens of thousands of student records per
 * institution in a few statements (generate_series + INSERT ... SELECT), as the database owner,
 * with employments (CPT, OPT, STEM, academic training, on-campus) and pending corrections so every
 * list title has members. setseed() on the same connection makes every run draw the same data.
 */

// Small name pools, so a keyword such as 'garcia' or 'kumar' hits a realistic share of students.
const FIRST = [
  'Aarav',
  'Wei',
  'Priya',
  'Mohammed',
  'Sofia',
  'Hiro',
  'Ana',
  'Li',
  'Fatima',
  'Lucas',
  'Mei',
  'Omar',
  'Chloe',
  'Arjun',
  'Yuki',
  'Elena',
  'Kwame',
  'Ines',
  'Daniel',
  'Min-jun',
  'Aisha',
  'Mateo',
  'Sara',
  'Ravi',
  'Nguyen',
  'Olga',
  'Carlos',
  'Hana',
  'Emeka',
  'Leila',
  'Jin',
  'Maria',
  'Tomas',
  'Zainab',
  'Andrea',
  'Kenji',
  'Lina',
  'Diego',
  'Ayesha',
  'Pedro',
];
const LAST = [
  'Chen',
  'Wang',
  'Li',
  'Zhang',
  'Liu',
  'Sharma',
  'Patel',
  'Singh',
  'Kumar',
  'Kim',
  'Park',
  'Lee',
  'Nguyen',
  'Tran',
  'Garcia',
  'Rodriguez',
  'Martinez',
  'Lopez',
  'Silva',
  'Santos',
  'Oliveira',
  'Ahmed',
  'Hassan',
  'Ali',
  'Khan',
  'Okafor',
  'Mensah',
  'Tanaka',
  'Sato',
  'Suzuki',
  'Yamamoto',
  'Ivanova',
  'Petrov',
  'Muller',
  'Schmidt',
  'Rossi',
  'Dubois',
  'Haddad',
  'Cohen',
  'Smith',
  'Johnson',
  'Brown',
  'Nakamura',
  'Gupta',
  'Reddy',
  'Hernandez',
  'Gonzalez',
  'Yilmaz',
  'Demir',
  'Sokolov',
];
const MAJORS = ['11.0701', '14.0901', '52.0201', '26.0101', '27.0101', '40.0801', '45.0601', '14.1901', '51.2001', '30.0801'];

const arr = (xs: string[]) => `(array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}])`;

/**
 * Creates `count` student records in the institution. Spread: F-1 85 % / J-1 15 %; SEVIS status
 * Active 55 %, Initial 10 %, Completed 15 %, Terminated 8 %, Canceled 4 %, then Inactive, No Show,
 * Invalid, Deactivated; status dates over four years; campus sites Main / Medical / none 60/30/10;
 * 5 % archived; ids from `offset` so SEVIS and campus ids stay unique.
 */
export async function seedStudentProfiles(db: pg.ClientBase, institutionId: string, count: number, offset: number): Promise<void> {
  await db.query(
    `
    with cs as (select array_agg(id order by id) ids from campus_sites where institution_id = $1),
         base as materialized (
           select g, random() rv, random() rs, random() rd, random() rsite, random() re, random() rx, random() rf, random() rl, random() rm
             from generate_series(1, $2::int) g)
    insert into student_profiles (institution_id, campus_site_id, sevis_id, campus_id, first_name, last_name, email, visa_type, sevis_status,
      sevis_status_date, education_level, major1_cd, program_start_date, program_end_date, session_start_date, session_end_date, is_registered,
      port_of_entry, transfer_direction, portal_access, tags, is_archived, current_stage, birth_date, created_at, updated_at)
    select $1,
           case when rsite < .6 then cs.ids[1] when rsite < .9 then cs.ids[2] end,
           'N' || lpad(($3::int + g)::text, 10, '0'), 'S' || lpad(($3::int + g)::text, 8, '0'), f, l,
           lower(replace(f, '-', '')) || '.' || lower(l) || ($3::int + g) || '@students.example.edu',
           case when rv < .85 then 'F-1' else 'J-1' end,
           case when rs < .55 then 'Active' when rs < .65 then 'Initial' when rs < .80 then 'Completed' when rs < .88 then 'Terminated'
                when rs < .92 then 'Canceled' when rs < .95 then 'Inactive' when rs < .97 then 'No Show' when rs < .99 then 'Invalid' else 'Deactivated' end,
           current_date - (rd * 1460)::int,
           lpad((1 + floor(re * 6))::int::text, 2, '0'), ${arr(MAJORS)}[1 + floor(rm * ${MAJORS.length})::int],
           current_date - (rd * 1460)::int - 200, current_date + (rx * 900)::int - 300,
           current_date - (rx * 60)::int + 20, current_date + 100, rf < .7,
           case when rl < .5 then 'JFK' else '' end,
           case when rx < .02 then 'in' when rx < .04 then 'out' else '' end,
           case when rf < .6 then 1 else 0 end,
           case when rm < .1 then array['scholarship'] else array[]::text[] end,
           rl < .05, case when rs < .55 then 'continuing' when rs < .65 then 'pre_arrival' else 'postcompletion_graduated' end,
           date '2000-01-01' + (rd * 3000)::int, now() - (rd * 1460) * interval '1 day', now() - (rx * 365) * interval '1 day'
      from (select b.*, ${arr(FIRST)}[1 + floor(rf * ${FIRST.length})::int] f, ${arr(LAST)}[1 + floor(rl * ${LAST.length})::int] l from base b) x, cs`,
    [institutionId, count, offset],
  );
}

/**
 * Employments and corrections for the list titles: of the Active F-1 students about 8 % on CPT,
 * 10 % on post-completion OPT (half with an employer), 4 % on STEM OPT (a third without an I-983);
 * of the Active J-1 5 % on academic training and 5 % on-campus; 1 % of everyone with a pending correction.
 */
export async function seedStudentActivity(db: pg.ClientBase, institutionId: string): Promise<void> {
  await db.query(
    `
    insert into student_employments (institution_id, profile_id, kind, opt_phase, status, authorized_start_date, authorized_end_date,
                                     employer_name, start_date, end_date, i983_attachment_id)
    select institution_id, id,
           case when r < .08 then 'cpt' when r < .18 then 'opt' else 'stem' end,
           case when r < .08 then '' when r < .18 then '02' else '03' end,
           'approved',
           current_date - 90, current_date + case when r < .08 then 60 else 270 end,
           case when r < .08 or r2 < .5 then 'Employer ' || (1 + floor(r2 * 500))::int else '' end,
           current_date - 80, current_date + case when r < .08 then 60 else 200 end,
           case when r >= .18 and r2 >= .33 then gen_random_uuid() end
      from (select id, institution_id, random() r, random() r2 from student_profiles
             where institution_id = $1 and visa_type = 'F-1' and sevis_status = 'Active') s
     where r < .22`,
    [institutionId],
  );
  await db.query(
    `
    insert into student_employments (institution_id, profile_id, kind, status, authorized_start_date, authorized_end_date, start_date, end_date)
    select institution_id, id, case when r < .05 then 'academic_training' else 'on_campus' end, 'approved',
           current_date - 30, current_date + 150, current_date - 30, current_date + 150
      from (select id, institution_id, random() r from student_profiles where institution_id = $1 and visa_type = 'J-1' and sevis_status = 'Active') s
     where r < .10`,
    [institutionId],
  );
  await db.query(
    `
    insert into student_profile_corrections (institution_id, profile_id, changes, status)
    select institution_id, id, '{"first_name":{"from":"A","to":"B"}}', 'pending'
      from student_profiles where institution_id = $1 and random() < .01`,
    [institutionId],
  );
}
