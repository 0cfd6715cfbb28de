import { sql, type SQL } from 'drizzle-orm';
import { activeImportFieldLabel, ACTIVE_IMPORT_COMPARED_FIELDS } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { MSG_SITE_INACTIVE } from '../records/record-rules.js';
import type { TFeedRow } from './feed-rows.js';

/** A campus site as the comparison needs it: its id and whether it is in use. */
export type TSiteByCode = Map<string, { id: number; isActive: boolean }>;

/** The sites whose records the importer may change (active-imports.ts editableSites). */
export interface TReach {
  sites: number[] | 'all';
  noSite: boolean;
}

const LABELS = JSON.stringify(Object.fromEntries(ACTIVE_IMPORT_COMPARED_FIELDS.map((f) => [f, activeImportFieldLabel(f)])));

/** A name as compared: case, spaces and the punctuation SEVIS drops (. , ' -) do not make a change. */
const name = (col: string) => `lower(regexp_replace(btrim(${col}), '[[:space:].,''-]+', ' ', 'g'))`;

/** The record's values the comparison shows and an apply checks again ('p' the record, 's' its site, 'e' its enrolment). */
const RECORD_JSON = `jsonb_build_object(
  'sevisId', p.sevis_id, 'campusId', p.campus_id, 'lastName', p.last_name, 'firstName', p.first_name,
  'middleName', p.middle_name, 'email', p.email, 'campusSite', s.code, 'campusSiteId', p.campus_site_id,
  'major', p.major1_cd, 'educationLevel', p.education_level, 'enrollmentStatus', e.status, 'credits', e.credits,
  'expectedCompletionDate', p.program_end_date, 'programStartDate', p.program_start_date,
  'visaType', p.visa_type, 'sevisStatus', p.sevis_status)`;

/** A campus site (column) the importer may change records at. */
function reachable(site: string, reach: TReach): SQL {
  const inSites = reach.sites === 'all' ? sql`true` : sql`${sql.raw(site)} = any(${`{${reach.sites.join(',')}}`}::int[])`;
  return sql`(case when ${sql.raw(site)} is null then ${reach.noSite} else ${inSites} end)`;
}

/**
 * Stores the feed's rows and compares them with the student records, in the database, in one statement:
 * each row is matched by SEVIS ID, else by campus ID; a record matched twice, a record or a new campus site
 * the importer does not work for, and what a record cannot take safely are classed before the field-by-field
 * comparison (docs/product/active-student-import.md#compare). Then the records active in Meridian that no
 * row matched are added as rows without a number. Answers the rows per class.
 */
export async function compareFeed(
  tx: TTx,
  o: { institutionId: string; importId: string; rows: TFeedRow[]; sites: TSiteByCode; reach: TReach },
): Promise<Record<string, number>> {
  const feed = JSON.stringify(
    o.rows.map(({ rowNo, row: r, notes }) => {
      const site = r.campusSite ? o.sites.get(r.campusSite) : undefined;
      return {
        row_no: rowNo,
        sevis_id: r.sevisId,
        campus_id: r.campusId,
        last_name: r.lastName,
        first_name: r.firstName,
        middle_name: r.middleName,
        email: r.email,
        site_code: r.campusSite,
        site_id: site?.id ?? null,
        major: r.major,
        education_level: r.educationLevel,
        enrollment_status: r.enrollmentStatus,
        credits: r.credits,
        completion_date: r.expectedCompletionDate,
        // A record may keep a site no longer in use, but is not moved to one.
        notes: site && !site.isActive ? { ...notes, campusSite: MSG_SITE_INACTIVE } : notes,
      };
    }),
  );
  const recordReach = reachable('p.campus_site_id', o.reach);
  // The statement sorts and hashes the whole feed once (matching, a record matched twice): in memory, not on disk.
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(sql`
    with feed as (
      select x.* from jsonb_to_recordset(${feed}::jsonb) as x(row_no int, sevis_id text, campus_id text, last_name text,
        first_name text, middle_name text, email text, site_code text, site_id int, major text, education_level text,
        enrollment_status text, credits numeric, completion_date date, notes jsonb)
    ),
    matched as (
      select f.*, coalesce(ps.id, pc.id) as profile_id,
        case when ps.id is not null then 'sevis' when pc.id is not null then 'campus' end as matched_by
      from feed f
      left join student_profiles ps on f.sevis_id is not null and ps.sevis_id = f.sevis_id
      left join student_profiles pc on ps.id is null and f.campus_id is not null and pc.campus_id = f.campus_id
    ),
    compared as (
      select m.*, min(m.row_no) over (partition by m.profile_id) as first_row,
        p.sevis_id as p_sevis_id, p.program_start_date as p_start, p.campus_site_id as p_site,
        case when p.id is null then null else ${sql.raw(RECORD_JSON)} end as record,
        case when p.id is null then '{}'::text[] else array_remove(array[
          case when m.campus_id is not null and m.campus_id is distinct from p.campus_id then 'campusId' end,
          case when m.last_name is not null and ${sql.raw(name('m.last_name'))} is distinct from ${sql.raw(name('p.last_name'))} then 'lastName' end,
          case when m.first_name is not null and ${sql.raw(name('m.first_name'))} is distinct from ${sql.raw(name('p.first_name'))} then 'firstName' end,
          case when m.middle_name is not null and ${sql.raw(name('m.middle_name'))} is distinct from ${sql.raw(name('p.middle_name'))} then 'middleName' end,
          case when m.email is not null and lower(m.email) is distinct from lower(btrim(p.email)) then 'email' end,
          case when m.site_id is not null and m.site_id is distinct from p.campus_site_id then 'campusSite' end,
          case when m.major is not null and m.major is distinct from p.major1_cd then 'major' end,
          case when m.education_level is not null and m.education_level is distinct from p.education_level then 'educationLevel' end,
          case when m.enrollment_status is not null and m.enrollment_status is distinct from e.status then 'enrollmentStatus' end,
          case when m.credits is not null and m.credits is distinct from e.credits then 'credits' end,
          case when m.completion_date is not null and m.completion_date is distinct from p.program_end_date then 'expectedCompletionDate' end
        ], null) end as changed
      from matched m
      left join student_profiles p on p.id = m.profile_id
      left join campus_sites s on s.id = p.campus_site_id
      left join student_enrollments e on e.profile_id = p.id
    ),
    judged as (
      select c.*, case
        when c.profile_id is not null and c.row_no <> c.first_row then 'twice'
        when c.profile_id is not null and not ${reachable('c.p_site', o.reach)} then 'record_out'
        when c.site_id is not null and c.site_id is distinct from c.p_site and not ${reachable('c.site_id', o.reach)} then 'site_out'
        when c.profile_id is null then 'not_found'
        when c.matched_by = 'campus' and c.sevis_id is not null and c.p_sevis_id is not null then 'sevis_differs'
        when c.matched_by = 'campus' and c.sevis_id is not null then 'sevis_missing'
        when 'campusId' = any(c.changed) and exists (select 1 from student_profiles q where q.campus_id = c.campus_id and q.id <> c.profile_id) then 'campus_taken'
        when 'expectedCompletionDate' = any(c.changed) and c.completion_date < c.p_start then 'end_before_start'
        when exists (select 1 from unnest(c.changed) k where c.notes ? k) then 'note'
        when cardinality(c.changed) > 0 then 'changed'
        else 'unchanged' end as why
      from compared c
    )
    insert into active_student_import_rows (institution_id, import_id, row_no, class, profile_id, matched_by, sevis_id, campus_id,
      last_name, first_name, middle_name, email, site_code, site_id, major, education_level, enrollment_status, credits,
      completion_date, notes, record, changed, message, search)
    select ${o.institutionId}::uuid, ${o.importId}::uuid, j.row_no,
      case j.why when 'twice' then 'conflict' when 'record_out' then 'not_yours' when 'site_out' then 'not_yours'
        when 'not_found' then 'not_found' when 'changed' then 'changed' when 'unchanged' then 'unchanged' else 'conflict' end,
      j.profile_id, j.matched_by, j.sevis_id, j.campus_id, j.last_name, j.first_name, j.middle_name, j.email, j.site_code, j.site_id,
      j.major, j.education_level, j.enrollment_status, j.credits, j.completion_date, coalesce(j.notes, '{}'::jsonb),
      case when j.why in ('record_out', 'site_out') then null else j.record end,
      case when j.why in ('record_out', 'site_out') then '{}'::text[] else j.changed end,
      case j.why
        when 'twice' then 'Row ' || j.first_row || ' of this feed matches the same student record.'
        when 'record_out' then 'The student record is at a campus site you do not work for.'
        when 'site_out' then 'The feed puts this student at ' || j.site_code || ', a campus site you do not work for.'
        when 'sevis_differs' then 'The record with this campus ID has SEVIS ID ' || j.p_sevis_id || '; the feed gives ' || j.sevis_id || '.'
        when 'sevis_missing' then 'The record with this campus ID has no SEVIS ID yet; the feed gives ' || j.sevis_id
          || '. SEVIS IDs come from SEVIS (its transaction logs or RTI), not from this feed.'
        when 'campus_taken' then 'Another student record has campus ID ' || j.campus_id || '.'
        when 'end_before_start' then 'The expected completion date is before the program start on the record ('
          || to_char(j.p_start, 'MM/DD/YYYY') || ').'
        when 'note' then (select string_agg((${LABELS}::jsonb ->> k) || ': ' || (j.notes ->> k), ' ') from unnest(j.changed) k where j.notes ? k)
        else '' end,
      lower(concat_ws(' ', j.last_name, j.first_name, j.middle_name, j.sevis_id, j.campus_id, j.email,
        case when j.why not in ('record_out', 'site_out') then concat_ws(' ', j.record ->> 'lastName', j.record ->> 'firstName',
          j.record ->> 'sevisId', j.record ->> 'campusId', j.record ->> 'email') end))
    from judged j`);
  // Records active in Meridian, at the importer's sites, that no row of the feed matched.
  await tx.execute(sql`
    insert into active_student_import_rows (institution_id, import_id, row_no, class, profile_id, site_id, record, search)
    select ${o.institutionId}::uuid, ${o.importId}::uuid, null, 'absent', p.id, p.campus_site_id, ${sql.raw(RECORD_JSON)},
      lower(concat_ws(' ', p.last_name, p.first_name, p.middle_name, p.sevis_id, p.campus_id, p.email))
    from student_profiles p
    left join campus_sites s on s.id = p.campus_site_id
    left join student_enrollments e on e.profile_id = p.id
    where p.sevis_status = 'Active' and not p.is_archived and ${recordReach}
      and not exists (select 1 from active_student_import_rows r where r.import_id = ${o.importId}::uuid and r.profile_id = p.id)`);
  const counts = await tx.execute<{ class: string; n: number }>(sql`
    select class, count(*)::int as n from active_student_import_rows where import_id = ${o.importId}::uuid group by class`);
  return Object.fromEntries(counts.rows.map((r) => [r.class, r.n]));
}
