import type pg from 'pg';

/**
 * Set-based seeding for the scholar dashboard benchmark: `count` scholars, each with one case
 * (scholar_applications), in two statements (generate_series + INSERT ... SELECT), as the database
 * owner. setseed() on the same connection (seedWith) makes every run draw the same data.
 */
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
  'Ahmed',
  'Hassan',
  'Khan',
  'Okafor',
  'Tanaka',
  'Sato',
  'Ivanova',
  'Petrov',
  'Muller',
  'Schmidt',
  'Rossi',
  'Dubois',
  'Haddad',
  'Cohen',
  'Smith',
  'Gupta',
  'Yilmaz',
];
const arr = (xs: string[]) => `(array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}])`;

/**
 * Creates `count` scholars with a case each in the institution. Phases: sponsorship request 8 %,
 * application 15 %, ISSS review 10 %, petition preparation 7 %, filed 10 %, approved 10 %, active 30 %,
 * closed 10 %; processed states (past the sponsorship request) H-1B family 50 %, O-1 family 12 %, J-1
 * 25 %, F-1 OPT/STEM 10 %, Ineligible 3 %; nine statuses; end dates from 300 days ago to 3 years ahead;
 * premium processing 20 %; OPT cases with random employment flags; departments spread evenly.
 */
export async function seedScholars(db: pg.ClientBase, institutionId: string, count: number, offset: number): Promise<void> {
  await db.query(
    `
    with d as (select array_agg(id order by code) ids from departments where institution_id = $1),
         base as materialized (select g, random() rf, random() rl, random() rd from generate_series(1, $2::int) g)
    insert into scholars (institution_id, department_id, first_name, last_name, email, created_at, updated_at)
    select $1, d.ids[1 + (g % array_length(d.ids, 1))], f, l,
           lower(replace(f, '-', '')) || '.' || lower(l) || ($3::int + g) || '@scholars.example.edu', now(), now()
      from (select b.*, ${arr(FIRST)}[1 + floor(rf * ${FIRST.length})::int] f, ${arr(LAST)}[1 + floor(rl * ${LAST.length})::int] l from base b) x, d`,
    [institutionId, count, offset],
  );
  await db.query(
    `
    with s as materialized (
      select s.id, s.department_id, random() rp, random() rv, random() rs, random() rx, random() rm, random() ru
        from scholars s where s.institution_id = $1 and s.current_application_id is null),
    p as (
      select s.*, case when rp < .08 then 'sponsorship_request' when rp < .23 then 'application' when rp < .33 then 'isss_review'
                       when rp < .40 then 'petition_preparation' when rp < .50 then 'filed' when rp < .60 then 'approved'
                       when rp < .90 then 'active' else 'closed' end phase
        from s),
    v as (
      select p.*, case when phase = 'sponsorship_request' then ''
                       when rv < .35 then 'H-1B' when rv < .45 then 'H-1BExtension' when rv < .50 then 'H-1BAmendment'
                       when rv < .58 then 'O-1' when rv < .60 then 'O-1Amendment' when rv < .62 then 'o1Extension'
                       when rv < .87 then 'J-1' when rv < .97 then 'F-1 OPT/STEM' else 'Ineligible' end ps
        from p),
    ins as (
      insert into scholar_applications (institution_id, scholar_id, department_id, proposed_status, proposed_start_date, proposed_end_date,
        position, hiring_authority_name, sponsorship_state, processed_state, processed_start_date, processed_end_date, application_state,
        phase, status, premium_process_flag, employment, created_at, updated_at)
      select $1, id, department_id,
             case when ps like 'H-1B%' then 'H-1B' when ps like 'O-1%' or ps = 'o1Extension' then 'O-1' when ps = '' then 'J-1' when ps = 'Ineligible' then 'Don''t Know' else ps end,
             current_date - 400 + (rx * 200)::int, current_date + (rx * 1100)::int - 300, 'Research Associate', 'Prof. Ada Lovelace',
             case when ps = '' then 'submitted' when ps = 'Ineligible' then 'ineligible' else 'processed' end, ps,
             case when ps in ('', 'Ineligible') then null else current_date - 400 + (rx * 200)::int end,
             case when ps in ('', 'Ineligible') then null else current_date + (rx * 1400)::int - 300 end,
             case when phase in ('sponsorship_request', 'application') then 'draft' else 'submitted' end,
             phase,
             case when ps = 'Ineligible' then 'ineligible' when rs < .35 then 'pending' when rs < .60 then 'in_progress' when rs < .65 then 'on_hold'
                  when rs < .70 then 'rfe' when rs < .90 then 'approved' when rs < .92 then 'denied' when rs < .95 then 'withdrawn' else 'completed' end,
             rm < .2,
             case when ps = 'F-1 OPT/STEM' then jsonb_build_object('employerName', 'Employer ' || (rm * 500)::int, 'opt', rm < .7, 'stem', rm >= .7,
                                                                    'cpt', rs < .1, 'onCampus', rx < .2) else '{}'::jsonb end,
             now() - (ru * 700) * interval '1 day', now() - (ru * 365) * interval '1 day'
        from v
      returning id, scholar_id, processed_state)
    update scholars s set current_application_id = ins.id, processed_state = case when ins.processed_state = 'Ineligible' then '' else ins.processed_state end
      from ins where s.id = ins.scholar_id`,
    [institutionId],
  );
}
