import { and, asc, eq } from 'drizzle-orm';
import {
  dependentChoiceLabel,
  NEW_DEPENDENT,
  validateStudentRequestData,
  type TStudentRequestCode,
  type TStudentRequestContext,
  type TStudentRequestDependent,
} from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import type { TRequestRow } from '../../requests/index.js';
import { studentDependents, studentProfiles } from '../schema.js';

type TRuleContext = Required<TStudentRequestContext> & { dependents: TStudentRequestDependent[] };

/** The student's active dependents, oldest first: those a Dependent Information Update may change. */
export async function activeDependentsOf(tx: TTx, profileId: string): Promise<TStudentRequestDependent[]> {
  const rows = await tx
    .select()
    .from(studentDependents)
    .where(and(eq(studentDependents.profileId, profileId), eq(studentDependents.status, 'Active')))
    .orderBy(asc(studentDependents.createdAt), asc(studentDependents.id));
  return rows.map((d) => ({
    id: d.id,
    sevisId: d.sevisId,
    firstName: d.firstName,
    lastName: d.lastName,
    relationshipCode: d.relationshipCode,
    gender: d.gender,
    birthDate: d.birthDate,
    birthCity: d.birthCity,
    birthCountryCode: d.birthCountryCode,
    citizenshipCountryCode: d.citizenshipCountryCode,
    permanentResidenceCountryCode: d.permanentResidenceCountryCode,
  }));
}

/**
 * What a student request's field rules compare with: the office's today (in the institution's time
 * zone, as the browser's own check takes it) and the student's record: its dates, its visa type and its
 * active dependents (the ones a Dependent Information Update may choose).
 */
export async function studentRuleContext(tx: TTx, ctx: TContext, profileId: string | null): Promise<TRuleContext> {
  const [p] = profileId ? await tx.select().from(studentProfiles).where(eq(studentProfiles.id, profileId)) : [];
  return {
    today: ctx.today(),
    programStartDate: p?.programStartDate ?? null,
    programEndDate: p?.programEndDate ?? null,
    sessionEndDate: p?.sessionEndDate ?? null,
    visaType: p?.visaType ?? null,
    dependents: p ? await activeDependentsOf(tx, p.id) : [],
  };
}

/** A student request's own form at submit, with the browser's rules and words (data.<field>). */
export async function studentRequestSubmitErrors(
  tx: TTx,
  ctx: TContext,
  r: TRequestRow,
  code: TStudentRequestCode,
): Promise<Record<string, string[]>> {
  if (!r.profileId) return {};
  const errors = validateStudentRequestData(code, r.data ?? {}, await studentRuleContext(tx, ctx, r.profileId), 'submit');
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [`data.${field}`, messages]));
}

/**
 * What a student request's own values mean where only the record knows it (requests' describeData): the
 * dependent a Dependent Information Update changes, by name, relationship and SEVIS ID, for the office reading it.
 */
export async function describeStudentRequestData(tx: TTx, r: TRequestRow, code: string): Promise<Record<string, string>> {
  const id = typeof r.data?.dependent_id === 'string' ? r.data.dependent_id : '';
  if (code !== 'dependent_info_update' || !r.profileId || !id || id === NEW_DEPENDENT || !isUuid(id)) return {};
  const [d] = await tx
    .select()
    .from(studentDependents)
    .where(and(eq(studentDependents.id, id), eq(studentDependents.profileId, r.profileId)));
  if (!d) return { dependent_id: "Not on the student's record" };
  return { dependent_id: `${dependentChoiceLabel(d)}${d.status === 'Terminated' ? ', terminated' : ''}` };
}
const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
