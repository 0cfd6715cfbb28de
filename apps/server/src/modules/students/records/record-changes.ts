import { and, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import type { TProfileRow } from '../student.policy.js';
import { sevisPendingEvents } from '../schema.js';
import { raiseEvent } from './operations/raise-event.js';
import { supersedeSevisEvents } from './operations/supersede-sevis-events.js';

/**
 * Whether a change of a record without a SEVIS ID still belongs in its Create: not when a Create has
 * already gone to SEVIS (in a batch, sent, or accepted while the ID is not stored yet), nor for a
 * transfer in (SEVIS already has the person from the previous school). Then the change is an update
 * that waits for the SEVIS ID (docs/decisions/019-sevis-events-reach-sevis-once.md).
 */
export async function changeRidesCreate(tx: TTx, p: TProfileRow): Promise<boolean> {
  if (p.sevisId || p.transferDirection === 'in') return false;
  const [gone] = await tx
    .select({ id: sevisPendingEvents.id })
    .from(sevisPendingEvents)
    .where(
      and(
        eq(sevisPendingEvents.profileId, p.id),
        eq(sevisPendingEvents.eventType, 'Create'),
        inArray(sevisPendingEvents.status, ['batched', 'sent', 'succeeded']),
      ),
    )
    .limit(1);
  return !gone;
}

/** Fields SEVIS's PersonalInfo (biographical) event carries. */
export const PERSONAL_FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'suffix',
  'gender',
  'birthDate',
  'birthCity',
  'birthCountryCode',
  'citizenshipCountryCode',
  'permanentResidenceCountryCode',
] as const;
const ADDRESS_FIELDS = ['usAddress', 'phone', 'foreignPhoneCountryCode', 'foreignPhone', 'email'] as const;
const PROGRAM_AMEND_FIELDS = ['programStartDate', 'major1Code', 'major2Code', 'minorCode'] as const;

/**
 * What SEVIS asks only when it issues a new form: English proficiency and the academic term (a new
 * I-20: Create, or EducationLevel's change of level) and the position code and U.S. government funds
 * (a new DS-2019: Create). SEVIS has no update event of its own for them, so changing them on a
 * record SEVIS already knows raises nothing: the batch builder reads them from the record when it
 * builds the next Create or EducationLevel. On a record without a SEVIS ID they refresh the pending
 * Create (a new pending one when the last was held back for lack of them), so filling them in is
 * what sends a held-back Create again.
 */
export const NEW_FORM_FIELDS = [
  'englishRequired',
  'englishRequirementsMet',
  'englishNotRequiredReason',
  'academicTermMonths',
  'evPositionCode',
  'receivedUsGovtFunds',
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
type TRow = Record<string, unknown>;

/** Which fields differ between two versions of a record (deep compare of address/financial objects). */
export function changedFields(before: TRow, after: TRow, keys: readonly string[]): string[] {
  return keys.filter((k) => k in after && !same(before[k], after[k]));
}

const pick = (row: TRow, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));

/**
 * Raises the SEVIS updates a record change needs (see sevis-events.ts for the mapping). A record
 * SEVIS does not know yet (no SEVIS id) has one pending Create whose payload is refreshed instead.
 * Returns the event types raised, for the caller's audit entry.
 */
export async function raiseEventsForChange(
  tx: TTx,
  ctx: TContext,
  before: TProfileRow,
  after: TProfileRow,
  requestId?: string | null,
): Promise<string[]> {
  const b = before as unknown as TRow;
  const a = after as unknown as TRow;
  const raised: string[] = [];
  const base = { sevisId: after.sevisId, visaType: after.visaType, campusSiteId: after.campusSiteId };
  const allKeys = [
    ...PERSONAL_FIELDS,
    ...ADDRESS_FIELDS,
    ...PROGRAM_AMEND_FIELDS,
    'programEndDate',
    'educationLevel',
    'financials',
    'evCategoryCode',
    'subjectFieldCode',
    ...NEW_FORM_FIELDS,
  ];
  if (!before.sevisId && after.sevisId)
    // SEVIS knows the person now (its Create was accepted, or the office entered the ID after a transfer in).
    await supersedeSevisEvents(
      tx,
      { institutionId: ctx.institutionId, actorUserId: ctx.actor?.userId ?? null, ip: ctx.ip },
      {
        profileId: after.id,
        where: eq(sevisPendingEvents.eventType, 'Create'),
        reason: `The record has its SEVIS ID (${after.sevisId}): SEVIS already has this person, so no Create is sent.`,
      },
    );
  if (await changeRidesCreate(tx, after)) {
    const changed = changedFields(b, a, allKeys);
    if (changed.length) {
      await raiseEvent(tx, ctx, { profileId: after.id, eventType: 'Create', action: 'Create', payload: createPayload(after), requestId });
      raised.push('Create');
    }
    return raised;
  }
  if (changedFields(b, a, PERSONAL_FIELDS).length) {
    await raiseEvent(tx, ctx, {
      profileId: after.id,
      eventType: 'PersonalInfo',
      action: 'Edit',
      payload: { ...base, ...pick(a, PERSONAL_FIELDS) },
      requestId,
    });
    raised.push('PersonalInfo/Edit');
  }
  if (changedFields(b, a, ADDRESS_FIELDS).length) {
    await raiseEvent(tx, ctx, {
      profileId: after.id,
      eventType: 'PersonalInfo',
      action: 'Address',
      payload: { ...base, ...pick(a, ADDRESS_FIELDS) },
      requestId,
    });
    raised.push('PersonalInfo/Address');
  }
  if (before.programEndDate !== after.programEndDate && after.programEndDate) {
    const action = before.programEndDate && after.programEndDate < before.programEndDate ? 'Shorten' : 'Extension';
    await raiseEvent(tx, ctx, {
      profileId: after.id,
      eventType: 'Program',
      action,
      payload: { ...base, programEndDate: after.programEndDate, previousProgramEndDate: before.programEndDate },
      requestId,
    });
    raised.push(`Program/${action}`);
  }
  if (changedFields(b, a, PROGRAM_AMEND_FIELDS).length) {
    await raiseEvent(tx, ctx, {
      profileId: after.id,
      eventType: 'Program',
      action: 'Amend',
      payload: { ...base, ...pick(a, PROGRAM_AMEND_FIELDS) },
      requestId,
    });
    raised.push('Program/Amend');
  }
  if (before.educationLevel !== after.educationLevel) {
    await raiseEvent(tx, ctx, {
      profileId: after.id,
      eventType: 'EducationLevel',
      action: 'Edit',
      payload: { ...base, educationLevel: after.educationLevel, previousEducationLevel: before.educationLevel },
      requestId,
    });
    raised.push('EducationLevel/Edit');
  }
  if (!same(before.financials, after.financials)) {
    await raiseEvent(tx, ctx, {
      profileId: after.id,
      eventType: 'FinancialInfo',
      action: 'Edit',
      payload: { ...base, financials: after.financials },
      requestId,
    });
    raised.push('FinancialInfo/Edit');
  }
  if (after.visaType === 'J-1' && changedFields(b, a, ['evCategoryCode', 'subjectFieldCode']).length) {
    await raiseEvent(tx, ctx, {
      profileId: after.id,
      eventType: 'Program',
      action: 'Amend',
      payload: { ...base, evCategoryCode: after.evCategoryCode, subjectFieldCode: after.subjectFieldCode },
      requestId,
    });
    if (!raised.includes('Program/Amend')) raised.push('Program/Amend');
  }
  return raised;
}

/** What SEVIS needs to create a record. */
export function createPayload(p: TProfileRow): Record<string, unknown> {
  return {
    visaType: p.visaType,
    campusSiteId: p.campusSiteId,
    campusId: p.campusId,
    firstName: p.firstName,
    middleName: p.middleName,
    lastName: p.lastName,
    suffix: p.suffix,
    gender: p.gender,
    birthDate: p.birthDate,
    birthCity: p.birthCity,
    birthCountryCode: p.birthCountryCode,
    citizenshipCountryCode: p.citizenshipCountryCode,
    permanentResidenceCountryCode: p.permanentResidenceCountryCode,
    email: p.email,
    usAddress: p.usAddress,
    foreignAddress: p.foreignAddress,
    educationLevel: p.educationLevel,
    major1Code: p.major1Code,
    major2Code: p.major2Code,
    minorCode: p.minorCode,
    programStartDate: p.programStartDate,
    programEndDate: p.programEndDate,
    evCategoryCode: p.evCategoryCode,
    subjectFieldCode: p.subjectFieldCode,
    financials: p.financials,
  };
}
