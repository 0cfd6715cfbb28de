import { and, eq, ne, sql } from 'drizzle-orm';
import { peopleApi } from '@meridian/domain';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { TTx } from '../../platform/db/database.js';
import { campusSiteUses, totalUses } from './campus-site-uses.js';
import { campusSites } from './schema.js';

export type TCampusSiteRow = typeof campusSites.$inferSelect;

const codeTaken = () => new AppError(409, 'CONFLICT', peopleApi.CAMPUS_SITE_CODE_TAKEN, { code: [peopleApi.CAMPUS_SITE_CODE_TAKEN] });
const nameTaken = () => new AppError(409, 'CONFLICT', peopleApi.CAMPUS_SITE_NAME_TAKEN, { name: [peopleApi.CAMPUS_SITE_NAME_TAKEN] });

/** The institution's campus site (row-level security hides every other institution's: 404). */
export async function loadCampusSite(tx: TTx, siteId: number): Promise<TCampusSiteRow> {
  const [row] = await tx.select().from(campusSites).where(eq(campusSites.id, siteId));
  if (!row) throw notFound();
  return row;
}

/** Refuses a code or name another site of the institution already has, whatever its case, on the field. */
export async function assertUniqueSite(tx: TTx, input: peopleApi.TCampusSiteInput, exceptId?: number): Promise<void> {
  const others = exceptId === undefined ? undefined : ne(campusSites.id, exceptId);
  const [code] = await tx
    .select({ id: campusSites.id })
    .from(campusSites)
    .where(and(eq(sql`lower(${campusSites.code})`, input.code.toLowerCase()), others));
  if (code) throw codeTaken();
  const [name] = await tx
    .select({ id: campusSites.id })
    .from(campusSites)
    .where(and(eq(sql`lower(${campusSites.name})`, input.name.toLowerCase()), others));
  if (name) throw nameTaken();
}

/** A double submit that took the code or name between the check and the write answers as the check does. */
export function uniqueViolationOnField(e: unknown): never {
  if (isUniqueViolation(e, 'campus_sites_code_uq')) throw codeTaken();
  if (isUniqueViolation(e, 'campus_sites_name_uq')) throw nameTaken();
  throw e;
}

/** The site as the Campus Sites page shows it, with what refers to it. */
export async function presentManagedSite(tx: TTx, row: TCampusSiteRow): Promise<peopleApi.TManagedCampusSite> {
  const uses = (await campusSiteUses(tx)).get(row.id) ?? {};
  return { ...presentSite(row), uses, totalUses: totalUses(uses) };
}

export const presentSite = (row: TCampusSiteRow): peopleApi.TCampusSite => ({
  id: row.id,
  name: row.name,
  code: row.code,
  isActive: row.isActive,
});

/** What the audit trail keeps of a site. */
export const siteAuditShape = (row: TCampusSiteRow) => ({ name: row.name, code: row.code, isActive: row.isActive });
