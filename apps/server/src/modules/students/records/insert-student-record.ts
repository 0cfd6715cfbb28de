import { type studentsApi as S } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { type TContext } from '../../../platform/http/context.js';
import { studentProfiles } from '../schema.js';
import { createPayload } from './record-changes.js';
import { raiseEvent } from './operations/raise-event.js';
import { assertNoDuplicate, assertSiteReachable } from './record-rules.js';

export type TStudentProfileRow = typeof studentProfiles.$inferSelect;

/** What an exchange visitor's record holds beyond the create form: permanent residence and the DS-2019's funding. */
export interface TRecordExtras {
  permanentResidenceCountryCode?: string;
  /** Amounts by FINANCIAL_FIELDS key, with the other funds' remarks. */
  financials?: Record<string, number | string>;
}

/**
 * Inserts a new record in the caller's transaction (staff create, and the scholars office's J-1
 * scholar): the campus site must be the caller's, no duplicate person, the History Log says who; one
 * without a SEVIS id raises a pending SEVIS Create (decision 009).
 */
export async function insertStudentRecord(
  tx: TTx,
  ctx: TContext,
  input: z.output<typeof S.ZStudentCreateInput>,
  extras: TRecordExtras = {},
): Promise<TStudentProfileRow> {
  await assertSiteReachable(tx, ctx, input.campusSiteId);
  const v = { ...input, sevisId: input.sevisId || null, campusId: input.campusId || null };
  await assertNoDuplicate(tx, v);
  const [row] = await tx
    .insert(studentProfiles)
    .values({
      institutionId: ctx.institutionId,
      campusSiteId: v.campusSiteId,
      sevisId: v.sevisId,
      campusId: v.campusId,
      firstName: v.firstName,
      middleName: v.middleName,
      lastName: v.lastName,
      email: v.email,
      gender: v.gender,
      birthDate: v.birthDate,
      birthCity: v.birthCity,
      birthCountryCode: v.birthCountryCode,
      citizenshipCountryCode: v.citizenshipCountryCode,
      ...(extras.permanentResidenceCountryCode ? { permanentResidenceCountryCode: extras.permanentResidenceCountryCode } : {}),
      ...(extras.financials ? { financials: extras.financials } : {}),
      visaType: v.visaType,
      sevisStatus: 'Initial',
      educationLevel: v.educationLevel,
      major1Code: v.major1Code,
      programStartDate: v.programStartDate,
      programEndDate: v.programEndDate,
      evCategoryCode: v.evCategoryCode,
      subjectFieldCode: v.subjectFieldCode,
      phone: v.phone,
      foreignPhoneCountryCode: v.foreignPhoneCountryCode,
      foreignPhone: v.foreignPhone,
      usAddress: v.usAddress,
      foreignAddress: v.foreignAddress,
      currentStage: 'invited',
      updatedAt: new Date(),
      englishRequired: v.englishRequired,
      englishRequirementsMet: v.englishRequirementsMet,
      englishNotRequiredReason: v.englishNotRequiredReason,
      academicTermMonths: v.academicTermMonths,
      evPositionCode: v.evPositionCode,
      receivedUsGovtFunds: v.receivedUsGovtFunds,
    })
    .returning();
  const p = row!;
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'student_profile',
    entityId: p.id,
    action: 'student.created',
    after: { name: `${p.firstName} ${p.lastName}`, visaType: p.visaType, sevisId: p.sevisId, campusSiteId: p.campusSiteId },
    ip: ctx.ip,
  });
  if (!p.sevisId) await raiseEvent(tx, ctx, { profileId: p.id, eventType: 'Create', action: 'Create', payload: createPayload(p) });
  return p;
}
