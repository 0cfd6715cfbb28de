import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  dependentChoiceLabel,
  dependentRows,
  NEW_DEPENDENT,
  validateStudentRequestData,
  type TStudentRequestCode,
  type TStudentRequestContext,
  type TStudentRequestDependent,
  type TRoleFieldSettings,
} from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { roleFieldSettings } from '../../forms/index.js';
import type { TRequestRow } from '../../requests/index.js';
import { studentDependents, studentProfiles } from '../schema.js';
import { requestLookupChecker } from './request-lookups.js';

type TRuleContext = Required<TStudentRequestContext> & { dependents: TStudentRequestDependent[]; fieldSettings: TRoleFieldSettings };

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
 * active dependents (the ones a Dependent Information Update may choose); and the office's field settings for
 * the caller's role (docs/product/field-configuration.md), so a field hidden from them is not asked.
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
    fieldSettings: await roleFieldSettings(tx, ctx.actor),
    // The code lists are read for the values a save or submit gives (requestLookupChecker), not ahead of them.
    lookups: null,
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
  const rules = await studentRuleContext(tx, ctx, r.profileId);
  const lookups = await requestLookupChecker(tx, ctx, code, r.data ?? {}, rules.visaType);
  const errors = validateStudentRequestData(code, r.data ?? {}, { ...rules, lookups }, 'submit');
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [`data.${field}`, messages]));
}

/**
 * What a student request's own values mean where only the record knows it (requests' describeData): the
 * dependent a Dependent Information Update changes, by name, relationship and SEVIS ID, for the office reading it;
 * and under `studentVisaType` the record's visa type, by which the read view names a choice from the list of the
 * form's variant (an exchange visitor's dependent ends on SEVIS's J-2 table).
 */
export async function describeStudentRequestData(tx: TTx, r: TRequestRow, code: string): Promise<Record<string, string>> {
  // The single update's choice, or each row's of a Several Dependents request (keyed dependent_changes.<row>.dependent_id).
  const chosen: [string, unknown][] =
    code === 'dependent_info_update'
      ? [['dependent_id', r.data?.dependent_id]]
      : code === 'dependent_info_multi'
        ? dependentRows(r.data ?? {}).map((row, i) => [`dependent_changes.${i}.dependent_id`, row.dependent_id])
        : [];
  const ids = chosen.filter((c): c is [string, string] => typeof c[1] === 'string' && c[1] !== NEW_DEPENDENT && isUuid(c[1]));
  if (!r.profileId) return {};
  const [profile] = await tx
    .select({ visaType: studentProfiles.visaType })
    .from(studentProfiles)
    .where(eq(studentProfiles.id, r.profileId));
  const visa: Record<string, string> = profile?.visaType ? { studentVisaType: profile.visaType } : {};
  if (!ids.length) return visa;
  const found = await tx
    .select()
    .from(studentDependents)
    .where(
      and(
        inArray(
          studentDependents.id,
          ids.map(([, id]) => id),
        ),
        eq(studentDependents.profileId, r.profileId),
      ),
    );
  return {
    ...visa,
    ...Object.fromEntries(
      ids.map(([key, id]) => {
        const d = found.find((x) => x.id === id);
        return [key, d ? `${dependentChoiceLabel(d)}${d.status === 'Terminated' ? ', terminated' : ''}` : "Not on the student's record"];
      }),
    ),
  };
}
const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
