import type pg from 'pg';

/**
 * Set-based seeding for the request-list benchmark: thousands of students and tens of thousands of
 * requests per institution in a few statements (generate_series + INSERT ... SELECT), run as the
 * database owner. setseed() makes every run draw the same data.
 */

// Small name pools, so a keyword such as 'garcia' or 'chen' hits a realistic share of requesters.
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

const arr = (xs: string[]) => `(array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}])`;

/** Creates `count` students (role ISSSstudent) in the institution, spread over its campus sites. */
export async function seedStudents(db: pg.ClientBase, institutionId: string, count: number, prefix: string): Promise<void> {
  await db.query(
    `
    insert into users (institution_id, user_name, email, first_name, last_name, role, campus_site_id, password_changed_at, created_at)
    select $1, $3 || g, lower(replace(f, '-', '')) || '.' || lower(l) || g || '@students.example.edu', f, l, 'ISSSstudent',
           case when g % 3 = 0 then sites[2] else sites[1] end, now(), now() - (g % 900) * interval '1 day'
      from (select g, ${arr(FIRST)}[1 + floor(random() * ${FIRST.length})::int] f,
                      ${arr(LAST)}[1 + floor(random() * ${LAST.length})::int] l
              from generate_series(1, $2::int) g) s,
           (select array_agg(id order by id) sites from campus_sites where institution_id = $1) c`,
    [institutionId, count, prefix],
  );
}

/**
 * Creates `count` requests, numbered on from the institution's last (1001 on an empty one) like the app does. Spread: request types skewed
 * towards the first of the catalogue (address and OPT updates are the bulk of an office's work),
 * statuses weighted like a live office (most completed, a working set open), campus sites 60/30/10
 * (Main / Medical / none), created over the last two years, open requests younger than closed ones.
 */
export async function seedRequests(db: pg.ClientBase, institutionId: string, count: number): Promise<void> {
  await db.query(
    `
    with t as (select array_agg(id order by created_at, code) ids from request_types where institution_id = $1),
         st as (select array_agg(id order by user_name) ids from users where institution_id = $1 and role = 'ISSSstudent'),
         sf as (select array_agg(id order by user_name) ids from users where institution_id = $1 and role = 'isssAdmin'),
         cs as (select array_agg(id order by id) ids from campus_sites where institution_id = $1),
         -- After the demo's own requests (its scholar cases have some), so numbers stay unique.
         n0 as (select coalesce(max(number), 1000) m from requests where institution_id = $1),
         base as materialized (
           select g, random() rs, random() rt, random() rr, random() rsite, random() ra, random() rq, random() rd, random() rc
             from generate_series(1, $2::int) g),
         drawn as materialized (
           select b.*,
             case when rs < .06 then 'draft' when rs < .16 then 'submitted' when rs < .25 then 'in_review'
                  when rs < .29 then 'clarification_requested' when rs < .31 then 'adv_review' when rs < .39 then 'approved'
                  when rs < .42 then 'awaiting_adjudication' when rs < .82 then 'completed' when rs < .88 then 'dismissed'
                  else 'rejected' end status
             from base b)
    insert into requests (institution_id, number, request_type_id, requester_user_id, subject_user_id, campus_site_id, status,
                          review_status, assigned_to_user_id, title, status_message, submitted_at, decided_at, created_at, updated_at)
    select $1, n0.m + g,
           t.ids[1 + floor(power(rt, 1.7) * cardinality(t.ids))::int],
           st.ids[1 + floor(rq * cardinality(st.ids))::int],
           st.ids[1 + floor(rq * cardinality(st.ids))::int],
           case when rsite < .6 then cs.ids[1] when rsite < .9 then cs.ids[2] end,
           status,
           case when status in ('draft', 'submitted') then 0
                when rr < .35 then 1 when rr < .7 then 2 when rr < .9 then 3 else 4 end,
           case when status <> 'draft' and ra < .7 then sf.ids[1 + floor(ra / .7 * cardinality(sf.ids))::int] end,
           '', case when status in ('rejected', 'clarification_requested') then 'Please provide the missing document.' else '' end,
           case when status <> 'draft' then created + rd * interval '2 days' end,
           case when status in ('approved', 'completed', 'dismissed', 'rejected') then created + (2 + rd * 20) * interval '1 day' end,
           created,
           least(now(), created + (rd * case when status in ('completed', 'dismissed', 'rejected') then 40 else 10 end) * interval '1 day')
      from (select d.*, now() - (case when status in ('completed', 'dismissed', 'rejected', 'approved') then rc * 730 else rc * 120 end)
                                * interval '1 day' created from drawn d) x, t, st, sf, cs, n0`,
    [institutionId, count],
  );
}

/**
 * Makes the seeded requests what an office's are: a student's requests are about their student record
 * (the Student Request List holds those, docs/decisions/032-lists-say-who-and-one-status-vocabulary.md),
 * while the scholar cases' types stay about no record (the scholar area's). Each seeded student gets a
 * record of their own.
 */
export async function linkStudentRequests(db: pg.ClientBase, institutionId: string, caseTypeCodes: string[]): Promise<void> {
  await db.query(
    `insert into student_profiles (institution_id, user_id, campus_site_id, first_name, last_name, email, current_stage, sevis_status)
     select u.institution_id, u.id, u.campus_site_id, u.first_name, u.last_name, u.email, 'continuing', 'Active'
       from users u
      where u.institution_id = $1 and u.role = 'ISSSstudent'
        and not exists (select 1 from student_profiles p where p.user_id = u.id)`,
    [institutionId],
  );
  await db.query(
    `update requests r set profile_id = p.id
       from student_profiles p, request_types t
      where r.institution_id = $1 and p.user_id = r.requester_user_id and t.id = r.request_type_id
        and t.code <> all($2::text[]) and r.profile_id is null`,
    [institutionId, caseTypeCodes],
  );
}
