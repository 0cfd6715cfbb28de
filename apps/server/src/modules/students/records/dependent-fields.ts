import { and, eq } from 'drizzle-orm';
import { dependentSevisIssues, MSG, type studentsApi as S, type TDependentFacts, type TLookupRef } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest, fieldError, notFound } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { assertLookupFields } from '../../lookups/index.js';
import { studentDependents } from '../schema.js';
import { raiseEvent } from './operations/raise-event.js';

export type TDependentFields = z.output<typeof S.ZStudentDependentInput>;
/** The dependent's own columns (the form's DS-2019 purpose travels in a J-2's Add event only). */
export type TDependentValues = Omit<TDependentFields, 'formPurpose'>;
export function dependentValues(input: TDependentFields): TDependentValues {
  const values: Partial<TDependentFields> = { ...input };
  delete values.formPurpose;
  return values as TDependentValues;
}

type TRow = typeof studentDependents.$inferSelect;

/**
 * What SEVIS must hear about a dependent, a change being detected by comparing these
 * (docs/product/students-records.md#dependents): identity and the three countries. E-mail is ours only.
 */
export const DEPENDENT_SEVIS_FIELDS = [
  'firstName',
  'lastName',
  'relationshipCode',
  'gender',
  'birthDate',
  'birthCity',
  'birthCountryCode',
  'citizenshipCountryCode',
  'permanentResidenceCountryCode',
] as const;

/** Columns of a dependent a change may set: what SEVIS hears of, and the e-mail. */
export type TDependentSet = Partial<Pick<TRow, (typeof DEPENDENT_SEVIS_FIELDS)[number] | 'email'>>;

/** The SEVIS-relevant fields whose value differs between the stored dependent and the new values. */
export function dependentSevisChanges(
  before: Pick<TRow, (typeof DEPENDENT_SEVIS_FIELDS)[number]>,
  after: Pick<TRow, (typeof DEPENDENT_SEVIS_FIELDS)[number]>,
): string[] {
  return DEPENDENT_SEVIS_FIELDS.filter((k) => String(before[k] ?? '') !== String(after[k] ?? ''));
}

/** What a SEVIS dependent update carries of a dependent. */
export const dependentSevisPayload = (d: TRow, sevisId: string | null) => ({
  principalSevisId: sevisId,
  dependentSevisId: d.sevisId,
  ...Object.fromEntries(DEPENDENT_SEVIS_FIELDS.map((k) => [k, d[k] ?? null])),
});

/** The office's list a dependent's relationship comes from (SEVIS Table 35). */
export const DEPENDENT_RELATIONSHIP: TLookupRef = { key: 'dependent-relationships' };

/** A dependent's fields whose values come from the office's lists; records keep a country's ISO code. */
const DEPENDENT_LOOKUP_FIELDS = [
  { field: 'relationshipCode', ref: DEPENDENT_RELATIONSHIP },
  { field: 'birthCountryCode', ref: { key: 'birth-countries', by: 'iso' } },
  { field: 'citizenshipCountryCode', ref: { key: 'citizenship-countries', by: 'iso' } },
  { field: 'permanentResidenceCountryCode', ref: { key: 'citizenship-countries', by: 'iso' } },
] as const satisfies readonly { field: keyof TRow; ref: TLookupRef }[];

/**
 * Refuses, on its field, a relationship or country the office's lists do not offer today: not on the list, or
 * retired (docs/product/lookups.md#how-forms-use-the-lists); what the dependent already holds is kept even when
 * retired since (`before`, undefined for a new dependent).
 */
export async function assertDependentLookups(
  tx: TTx,
  ctx: TContext,
  values: Partial<Record<(typeof DEPENDENT_LOOKUP_FIELDS)[number]['field'], string | null | undefined>>,
  before: Partial<Record<(typeof DEPENDENT_LOOKUP_FIELDS)[number]['field'], string | null>> | undefined,
): Promise<void> {
  await assertLookupFields(
    tx,
    ctx,
    DEPENDENT_LOOKUP_FIELDS.flatMap(({ field, ref }) => {
      const value = values[field];
      return typeof value === 'string' ? [{ field, ref, value, before: before ? (before[field] ?? null) : undefined }] : [];
    }),
  );
}

/** Writes a dependent's change to the student's History Log. */
export const auditDependent = (tx: TTx, ctx: TContext, profileId: string, action: string, before: unknown, after: unknown) =>
  writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'student_profile',
    entityId: profileId,
    action,
    before,
    after,
    ip: ctx.ip,
  });

/** A dependent of the student's record (404 otherwise, with the message given). */
export async function loadDependent(
  tx: TTx,
  profileId: string,
  dependentId: string,
  notFoundMessage: string = MSG.notFound,
): Promise<TRow> {
  const [d] = await tx
    .select()
    .from(studentDependents)
    .where(and(eq(studentDependents.id, dependentId), eq(studentDependents.profileId, profileId)))
    .for('update');
  if (!d) throw notFound(notFoundMessage);
  return d;
}

/**
 * Refuses (400, the message on its field) a dependent SEVIS would refuse: names (SEVIS S1148, S1142),
 * a second spouse (S1105 / S2119), a child of 21 or more (S1014 / S2121), a birth date in the future
 * (S1067), an F-2 born in or a citizen of the United States. The same rules run in the browser
 * (packages/domain rules/sevis-entry-rules.ts) and before a batch is built.
 */
export async function assertDependentSevisRules(
  tx: TTx,
  profile: { id: string; visaType: string },
  input: Omit<TDependentFacts, 'id' | 'status'>,
  today: string,
  change?: { dependentId: string; fields: readonly string[] },
) {
  const others = await tx
    .select({ id: studentDependents.id, relationshipCode: studentDependents.relationshipCode, status: studentDependents.status })
    .from(studentDependents)
    .where(eq(studentDependents.profileId, profile.id));
  const issues = dependentSevisIssues({ ...input, id: change?.dependentId ?? null }, { visaType: profile.visaType, today, others });
  // A change is checked on the fields it changes: what SEVIS already holds is not refused again.
  const fields = Object.entries(issues).filter(([k]) => !change || change.fields.includes(k));
  if (fields.length) throw badRequest(fields[0]![1], Object.fromEntries(fields.map(([k, m]) => [k, [m]])));
}

/**
 * Adds a dependent to a record in the caller's transaction and queues SEVIS's Dependent/Add (a Create
 * still waiting for the record carries it instead, and the Add is then superseded): SEVIS's dependent
 * rules first; a J-2 needs the DS-2019's purpose (exchange visitor EVPrintReasonType 06 / 08), which
 * travels in the Add (docs/product/students-records.md#dependents).
 */
export async function insertDependent(
  tx: TTx,
  ctx: TContext,
  p: { id: string; visaType: string; sevisId: string | null },
  input: TDependentFields,
): Promise<TRow> {
  const { formPurpose } = input;
  if (p.visaType === 'J-1' && !formPurpose) throw fieldError('formPurpose', 'Required field');
  // The purpose is given anew with each J-2: one of the office's print reasons offered today.
  if (p.visaType === 'J-1' && formPurpose)
    await assertLookupFields(tx, ctx, [{ field: 'formPurpose', ref: { key: 'ev-print-reasons' }, value: formPurpose }]);
  await assertDependentSevisRules(tx, p, input, ctx.today());
  const [d] = await tx
    .insert(studentDependents)
    .values({ institutionId: ctx.institutionId, profileId: p.id, ...dependentValues(input), needsSevisUpdate: true })
    .returning();
  await raiseEvent(tx, ctx, {
    profileId: p.id,
    dependentId: d!.id,
    eventType: 'Dependent',
    action: 'Add',
    payload: { ...dependentSevisPayload(d!, p.sevisId), ...(p.visaType === 'J-1' ? { formPurpose } : {}) },
  });
  await auditDependent(tx, ctx, p.id, 'student.dependent.added', null, {
    dependentId: d!.id,
    name: `${d!.firstName} ${d!.lastName}`,
    relationshipCode: d!.relationshipCode,
  });
  return d!;
}
