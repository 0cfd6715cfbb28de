import { and, asc, eq, sql } from 'drizzle-orm';
import { activeImportFieldLabel, ACTIVE_IMPORT_COMPARED_FIELDS, type studentsApi } from '@meridian/domain';
import type { z } from 'zod';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../../platform/http/context.js';
import { activeStudentImportRows, studentProfiles } from '../../schema.js';
import { staffReachesProfile } from '../../student.policy.js';
import { loadActiveImport } from '../active-imports.js';

type TRow = typeof activeStudentImportRows.$inferSelect;

/** A stored value as the page shows it: text, ISO dates, numbers without trailing zeros; null when there is none. */
function text(v: string | number | null | undefined): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string' && /^\d+\.\d+$/.test(v)) return String(Number(v));
  return String(v);
}

/** The feed's value of a field, as stored on the row. */
function feedValue(r: TRow, field: string): string | null {
  switch (field) {
    case 'sevisId':
      return r.sevisId;
    case 'campusId':
      return r.campusId;
    case 'lastName':
      return r.lastName;
    case 'firstName':
      return r.firstName;
    case 'middleName':
      return r.middleName;
    case 'email':
      return r.email;
    case 'campusSite':
      return r.siteCode;
    case 'major':
      return r.major;
    case 'educationLevel':
      return r.educationLevel;
    case 'enrollmentStatus':
      return r.enrollmentStatus;
    case 'credits':
      return text(r.credits);
    case 'expectedCompletionDate':
      return r.completionDate;
    default:
      return null;
  }
}

/**
 * A row side by side. The record's values are shown only while the caller may read the record where it is
 * now (a record that moved to a site they do not work for shows the feed's side alone).
 */
export function presentImportRow(
  actor: TAuthenticatedActor,
  r: TRow,
  currentSite: number | null | undefined,
): studentsApi.TActiveImportRow {
  const visible = r.profileId !== null && currentSite !== undefined && staffReachesProfile(actor, { campusSiteId: currentSite }, 'read');
  const record = visible ? (r.record ?? null) : null;
  const feedName = [r.lastName, r.firstName].filter(Boolean).join(', ');
  const recordName = record ? [record.lastName, record.firstName].filter(Boolean).join(', ') : '';
  return {
    id: r.id,
    rowNo: r.rowNo,
    class: r.class as 'changed',
    profileId: visible ? r.profileId : null,
    matchedBy: (r.matchedBy as 'sevis' | null) ?? null,
    name: recordName || feedName,
    sevisId: r.sevisId ?? (record ? (text(record.sevisId) ?? '') : ''),
    campusId: r.campusId ?? (record ? (text(record.campusId) ?? '') : ''),
    message: r.message,
    excluded: r.excluded,
    outcome: (r.outcome as 'applied' | null) ?? null,
    outcomeMessage: r.outcomeMessage,
    fields: ['sevisId', ...ACTIVE_IMPORT_COMPARED_FIELDS].map((field) => ({
      field,
      label: activeImportFieldLabel(field),
      record: record ? text(record[field]) : null,
      feed: r.rowNo === null ? null : feedValue(r, field),
      isChanged: r.changed.includes(field),
    })),
  };
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The rows of an import the caller may see, filtered by class, changed field and search, and paged, by the database. */
export function listActiveImportRows(
  ctx: TContext,
  importId: string,
  q: z.output<typeof studentsApi.ZActiveImportRowsQuery>,
): Promise<{ items: studentsApi.TActiveImportRow[]; total: number; page: number; pageSize: number }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const imp = await loadActiveImport(tx, ctx, importId);
    const t = activeStudentImportRows;
    const where = and(
      eq(t.importId, imp.id),
      q.class === 'all' ? sql`${t.class} <> 'pending'` : eq(t.class, q.class),
      q.field ? sql`${q.field} = any(${t.changed})` : undefined,
      q.q ? sql`${t.search} like ${`%${likeEscape(q.q.toLowerCase())}%`}` : undefined,
    );
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(t)
      .where(where)) as [{ n: number }];
    const rows = await tx
      .select({ row: t, site: studentProfiles.campusSiteId })
      .from(t)
      .leftJoin(studentProfiles, eq(studentProfiles.id, t.profileId))
      .where(where)
      .orderBy(sql`${t.rowNo} asc nulls last`, asc(t.search), asc(t.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return {
      items: rows.map(({ row, site }) => presentImportRow(actor, row, row.profileId ? site : undefined)),
      total: n,
      page: q.page,
      pageSize: q.pageSize,
    };
  });
}
