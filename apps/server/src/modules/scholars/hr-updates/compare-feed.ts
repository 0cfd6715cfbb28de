import { sql } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { RECORD_SQL } from './case-values.js';
import type { THrCheckedRow } from './feed-rows.js';
import type { THrReach } from './hr-imports.js';

/** Text as compared: case and runs of spaces do not make a change. */
const norm = (v: string) => `lower(regexp_replace(btrim(${v}), '\\s+', ' ', 'g'))`;
/** A stored amount as a number (null when it is not one). */
const amount = (v: string) => `(case when ${v} ~ '^\\d+(\\.\\d+)?$' then (${v})::numeric end)`;

/** One "field differs" test per compared field: HR gave a value and it is not Meridian's ('f' HR's values, 'r' Meridian's). */
const DIFFERS: Record<string, string> = {
  lastName: `${norm("f ->> 'lastName'")} is distinct from ${norm("r ->> 'lastName'")}`,
  firstName: `${norm("f ->> 'firstName'")} is distinct from ${norm("r ->> 'firstName'")}`,
  middleName: `${norm("f ->> 'middleName'")} is distinct from ${norm("r ->> 'middleName'")}`,
  email: `lower(f ->> 'email') is distinct from lower(btrim(r ->> 'email'))`,
  department: `(f ->> 'department') is distinct from (r ->> 'department')`,
  position: `${norm("f ->> 'position'")} is distinct from ${norm("r ->> 'position'")}`,
  appointmentStartDate: `(f ->> 'appointmentStartDate') is distinct from (r ->> 'appointmentStartDate')`,
  appointmentEndDate: `(f ->> 'appointmentEndDate') is distinct from (r ->> 'appointmentEndDate')`,
  hoursPerWeek: `(f ->> 'hoursPerWeek')::numeric is distinct from (r ->> 'hoursPerWeek')::numeric`,
  annualSalary: `((f ->> 'annualSalary')::numeric is distinct from ${amount("r ->> 'wages'")} or (r ->> 'wageUnit') <> 'year')`,
};
const CHANGED = `array_remove(array[${Object.entries(DIFFERS)
  .map(([k, test]) => `case when f ? '${k}' and ${test} then '${k}' end`)
  .join(',\n')}], null)`;

/** HR's values of a row as stored: only what HR gave, dates ISO, the department by id, numbers as text. */
function feedValues(r: THrCheckedRow['row']): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (k: string, v: string | number | null) => {
    if (v !== null) out[k] = String(v);
  };
  put('lastName', r.lastName);
  put('firstName', r.firstName);
  put('middleName', r.middleName);
  put('email', r.email);
  put('department', r.departmentId);
  put('position', r.position);
  put('appointmentStartDate', r.appointmentStartDate);
  put('appointmentEndDate', r.appointmentEndDate);
  put('hoursPerWeek', r.hoursPerWeek);
  put('annualSalary', r.annualSalary);
  return out;
}

/** The checked rows as the comparison reads them, in the order of the feed (also what the content hash is taken of). */
export function feedJson(rows: THrCheckedRow[]): string {
  return JSON.stringify(rows.map((x) => ({ row_no: x.rowNo, employee_id: x.row.employeeId, feed: feedValues(x.row), notes: x.notes })));
}

/**
 * Stores the feed's rows and compares them with the scholars and their current cases, in the database, in one
 * statement: each row is matched by employee ID; a scholar without a case, a case the importer may not change
 * (campus site, scholar area) and a move to a department outside their area are classed before the
 * field-by-field comparison (docs/product/scholar-hr-updates.md#compare). Then each difference of a row the
 * importer may change becomes a change to accept or reject. Answers the rows per class.
 */
export async function compareHrFeed(
  tx: TTx,
  o: { institutionId: string; importId: string; feed: string; reach: THrReach },
): Promise<Record<string, number>> {
  await tx.execute(sql`
    with feed as (
      select x.* from jsonb_to_recordset(${o.feed}::jsonb) as x(row_no int, employee_id text, feed jsonb, notes jsonb)
    ),
    matched as (
      select fd.row_no, fd.employee_id, fd.feed as f, fd.notes, s.id as scholar_id, scholar_applications.id as application_id,
        scholar_applications.version as case_version,
        case when scholar_applications.id is null then null else ${sql.raw(RECORD_SQL)} end as r,
        coalesce(${o.reach.caseReach}, false) as case_ok,
        coalesce(${o.reach.departmentReach(sql`fd.feed ->> 'department'`)}, false) as dept_ok
      from feed fd
      left join scholars s on s.employee_id = fd.employee_id
      left join scholar_applications on scholar_applications.id = s.current_application_id
    ),
    compared as (
      select m.*, case when m.r is null then '{}'::text[] else ${sql.raw(CHANGED)} end as changed
      from matched m
    ),
    judged as (
      select c.*, case
        when c.scholar_id is null then 'not_found'
        when c.application_id is null then 'no_case'
        when not c.case_ok then 'not_yours'
        when 'department' = any(c.changed) and not c.dept_ok then 'dept_out'
        when cardinality(c.changed) > 0 then 'changed'
        else 'unchanged' end as why
      from compared c
    )
    insert into scholar_hr_import_rows (institution_id, import_id, row_no, class, employee_id, scholar_id, application_id, case_version,
      feed, notes, record, changed, message, sort_name, search)
    select ${o.institutionId}::uuid, ${o.importId}::uuid, j.row_no,
      case when j.why = 'dept_out' then 'not_yours' else j.why end,
      j.employee_id, j.scholar_id, j.application_id, j.case_version, j.f, coalesce(j.notes, '{}'::jsonb),
      case when j.why in ('changed', 'unchanged') then j.r end,
      case when j.why in ('changed', 'unchanged') then j.changed else '{}'::text[] end,
      case j.why
        when 'not_found' then 'No scholar with this employee ID.'
        when 'no_case' then 'The scholar has no case in Meridian to compare with.'
        when 'not_yours' then 'The scholar''s case is at a campus site you do not work for, or outside your scholar area.'
        when 'dept_out' then 'HR puts this scholar in a department outside your scholar area.'
        else '' end,
      lower(concat_ws(' ', coalesce(j.r ->> 'lastName', j.f ->> 'lastName'), coalesce(j.r ->> 'firstName', j.f ->> 'firstName'))),
      lower(concat_ws(' ', j.employee_id, j.f ->> 'lastName', j.f ->> 'firstName', j.f ->> 'middleName', j.f ->> 'email',
        case when j.why in ('changed', 'unchanged') then concat_ws(' ', j.r ->> 'lastName', j.r ->> 'firstName', j.r ->> 'email') end))
    from judged j`);
  await tx.execute(sql`
    insert into scholar_hr_changes (institution_id, import_id, row_id, application_id, field, current_value, hr_value, note)
    select r.institution_id, r.import_id, r.id, r.application_id, k, r.record ->> k, r.feed ->> k, coalesce(r.notes ->> k, '')
    from scholar_hr_import_rows r, unnest(r.changed) k
    where r.import_id = ${o.importId}::uuid and r.class = 'changed'`);
  const counts = await tx.execute<{ class: string; n: number }>(sql`
    select class, count(*)::int as n from scholar_hr_import_rows where import_id = ${o.importId}::uuid group by class`);
  return Object.fromEntries(counts.rows.map((r) => [r.class, r.n]));
}

/**
 * Whether an earlier import of the same feed still holds: every row matches the same scholar and current case,
 * at the version compared (moved on only by this import's own accepted changes), and the scholar's names and
 * e-mail are still those compared. Then sending the feed again answers that import instead of storing another.
 */
export async function comparisonHolds(tx: TTx, importId: string): Promise<boolean> {
  const res = await tx.execute<{ holds: boolean }>(sql`
    select not exists (
      select 1 from scholar_hr_import_rows r
      left join scholars s on s.employee_id = r.employee_id
      left join scholar_applications a on a.id = s.current_application_id
      where r.import_id = ${importId}::uuid and (
        r.scholar_id is distinct from s.id or r.application_id is distinct from a.id or r.case_version is distinct from a.version
        or (r.record is not null and (
          (r.record ->> 'lastName') is distinct from nullif(s.last_name, '') or (r.record ->> 'firstName') is distinct from nullif(s.first_name, '')
          or (r.record ->> 'middleName') is distinct from nullif(s.middle_name, '') or (r.record ->> 'email') is distinct from nullif(s.email, ''))))
    ) as holds`);
  return res.rows[0]?.holds ?? false;
}
