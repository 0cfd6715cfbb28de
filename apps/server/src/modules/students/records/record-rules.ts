import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { type studentsApi as S } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, fieldError, type TFieldErrors } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { campusSites } from '../../people/index.js';
import { studentProfiles } from '../schema.js';
import { staffReachesProfile } from '../student.policy.js';

export const MSG_STALE =
  'Someone changed this record after you opened it. Your changes were not saved: reload to see the latest values, then make your change again.';

export const MSG_DUP_SEVIS = 'A student with this SEVIS ID already exists.';

export const MSG_DUP_CAMPUS = 'A student with this campus ID already exists.';

export const MSG_DUP_PERSON = 'A student with this first name, last name and date of birth already exists.';

export const MSG_SITE = 'You cannot add or move students to this campus site.';

/** 409 with the field when another record of the institution has the same SEVIS id, campus id, or name and birth date. */
export async function assertNoDuplicate(
  tx: TTx,
  v: { sevisId?: string | null; campusId?: string | null; firstName: string; lastName: string; birthDate: string | null },
  exceptId?: string,
) {
  const conds: SQL[] = [];
  if (v.sevisId) conds.push(eq(studentProfiles.sevisId, v.sevisId));
  if (v.campusId) conds.push(eq(studentProfiles.campusId, v.campusId));
  if (v.birthDate) {
    conds.push(
      and(
        sql`lower(${studentProfiles.firstName}) = lower(${v.firstName})`,
        sql`lower(${studentProfiles.lastName}) = lower(${v.lastName})`,
        eq(studentProfiles.birthDate, v.birthDate),
      )!,
    );
  }
  if (!conds.length) return;
  const rows = await tx
    .select({ sevisId: studentProfiles.sevisId, campusId: studentProfiles.campusId })
    .from(studentProfiles)
    .where(and(or(...conds), exceptId ? ne(studentProfiles.id, exceptId) : undefined))
    .limit(5);
  if (!rows.length) return;
  const errors: TFieldErrors = {};
  if (v.sevisId && rows.some((r) => r.sevisId === v.sevisId)) errors.sevisId = [MSG_DUP_SEVIS];
  if (v.campusId && rows.some((r) => r.campusId === v.campusId)) errors.campusId = [MSG_DUP_CAMPUS];
  if (!Object.keys(errors).length) {
    errors.lastName = [MSG_DUP_PERSON];
    errors.birthDate = [MSG_DUP_PERSON];
  }
  throw new AppError(409, 'DUPLICATE_STUDENT', Object.values(errors)[0]![0]!, errors);
}

/** The message when a new record, or a record moved, names a campus site the office deactivated. */
export const MSG_SITE_INACTIVE = 'This campus site is no longer in use; choose another.';

/**
 * A student's campus site must be the institution's, in use (docs/product/people.md#campus-sites), and one the
 * caller reaches (field errors otherwise). Records already at a deactivated site keep it.
 */
export async function assertSiteReachable(tx: TTx, ctx: TContext, campusSiteId: number) {
  const [site] = await tx
    .select({ id: campusSites.id, isActive: campusSites.isActive })
    .from(campusSites)
    .where(eq(campusSites.id, campusSiteId));
  if (!site) throw fieldError('campusSiteId', 'Choose a campus site of this institution');
  if (!site.isActive) throw fieldError('campusSiteId', MSG_SITE_INACTIVE);
  if (!staffReachesProfile(requireActor(ctx), { campusSiteId }, 'edit')) throw fieldError('campusSiteId', MSG_SITE);
}

/** Columns of a student record a change sets. */
export type TProfileUpdate = Partial<typeof studentProfiles.$inferInsert>;

/** The values a PUT sets: empty SEVIS/campus ids are null (they are unique when given). */
export function toColumns(input: Omit<S.TStudentUpdateInput, 'updatedAt'>): TProfileUpdate {
  const out: Record<string, unknown> = { ...input };
  if ('sevisId' in out) out.sevisId = out.sevisId || null;
  if ('campusId' in out) out.campusId = out.campusId || null;
  return out;
}
