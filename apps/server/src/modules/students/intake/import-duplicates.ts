import { sql } from 'drizzle-orm';
import { duplicateKeysOf, existingDuplicateMessage, type TImportIssue, type TImportRecord } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';

const CHUNK = 5000;

/**
 * Rows that match a student record already in the institution (any campus site: a person is one
 * record), by SEVIS id, campus id, e-mail, or first and last name with birth date. One message per
 * row, on the column of the first key that matches. Looked up in chunks, with arrays as parameters.
 */
export async function findExistingDuplicates(tx: TTx, records: { row: number; record: TImportRecord }[]): Promise<TImportIssue[]> {
  const issues: TImportIssue[] = [];
  for (let i = 0; i < records.length; i += CHUNK) {
    const chunk = records.slice(i, i + CHUNK);
    const keys = chunk.map((c) => duplicateKeysOf(c.record));
    const sevis = keys.map((k) => k.sevis).filter((v): v is string => !!v);
    const campus = keys.map((k) => k.campus).filter((v): v is string => !!v);
    const emails = keys.map((k) => k.email).filter((v): v is string => !!v);
    const people = chunk.map((c) => ({ f: c.record.firstName.toLowerCase(), l: c.record.lastName.toLowerCase(), b: c.record.birthDate }));
    // Lists travel as one JSON parameter each (drizzle would spread a JS array into many parameters).
    const list = (a: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(a)}::jsonb))`;
    const found = (
      await tx.execute(sql`
      select 'sevis' as kind, upper(sevis_id) as k from student_profiles where sevis_id is not null and upper(sevis_id) in ${list(sevis)}
      union all
      select 'campus', lower(campus_id) from student_profiles where campus_id is not null and lower(campus_id) in ${list(campus)}
      union all
      select 'email', lower(email) from student_profiles where email <> '' and lower(email) in ${list(emails)}
      union all
      select 'person', lower(p.first_name) || '|' || lower(p.last_name) || '|' || p.birth_date::text
        from student_profiles p join jsonb_to_recordset(${JSON.stringify(people)}::jsonb) as k(f text, l text, b date)
          on lower(p.first_name) = k.f and lower(p.last_name) = k.l and p.birth_date = k.b
    `)
    ).rows as { kind: 'sevis' | 'campus' | 'email' | 'person'; k: string }[];
    if (!found.length) continue;
    const existing = { sevis: new Set<string>(), campus: new Set<string>(), email: new Set<string>(), person: new Set<string>() };
    for (const f of found) existing[f.kind].add(f.k);
    chunk.forEach((c, j) => {
      const k = keys[j]!;
      const hit = (
        [
          ['sevis', 'sevis_id'],
          ['campus', 'campus_id'],
          ['email', 'email'],
          ['person', 'last_name'],
        ] as const
      ).find(([kind]) => k[kind] !== undefined && existing[kind].has(k[kind]));
      if (hit) issues.push({ row: c.row, column: hit[1], message: existingDuplicateMessage(hit[0]) });
    });
  }
  return issues;
}
