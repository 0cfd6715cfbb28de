import { and, desc, eq, inArray } from 'drizzle-orm';
import { isStudentRequestCode, usDate, type TSevisEventType, type TStudentRequestCode, textOf } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { notify } from '../../notifications/index.js';
import type { TRequestRow } from '../../requests/index.js';
import { studentEmployments, studentProfiles, type TAddress } from '../schema.js';
import type { TProfileRow } from '../student.policy.js';
import { raiseEvent } from './sevis-events.js';
import { ensureStemReports } from './stem-reports.js';

type TData = Record<string, unknown>;
type TEmploymentInsert = typeof studentEmployments.$inferInsert;
type TProfileSet = Partial<typeof studentProfiles.$inferInsert>;

const str = (d: TData, k: string): string => textOf(d[k]).trim();
const dateOrNull = (d: TData, k: string): string | null => str(d, k) || null;
const intOrNull = (d: TData, k: string): number | null => (str(d, k) ? Number(str(d, k)) : null);
/** A U.S. address from the form's fields: <prefix>_line_1/_2, <prefix>_city, <prefix>_state and the ZIP field. */
const usAddress = (d: TData, prefix: 'cpt' | 'employer', zip: string): TAddress => ({
  line1: str(d, `${prefix}_address_line_1`),
  line2: str(d, `${prefix}_address_line_2`),
  city: str(d, `${prefix}_city`),
  state: str(d, `${prefix}_state`),
  postalCode: str(d, zip),
  countryCode: 'US',
});
const period = (from: string | null, to: string | null) =>
  from && to ? `from ${usDate(from)} to ${usDate(to)}` : from ? `from ${usDate(from)}` : '';

/** What an approval does: the record change, the SEVIS update to queue, and the words for the History Log and the student. */
interface TEffect {
  auditAction: string;
  /** Sentence for the student's bell. */
  told: string;
  profileSet?: TProfileSet;
  employment?: Omit<TEmploymentInsert, 'institutionId' | 'profileId' | 'requestId'>;
  /** Set an employer on this existing employment instead of adding one. */
  employmentUpdate?: { id: string; set: Partial<TEmploymentInsert> };
  event?: { eventType: TSevisEventType; action: string; payload: Record<string, unknown> };
}

async function currentOpt(tx: TTx, profileId: string) {
  const [row] = await tx
    .select()
    .from(studentEmployments)
    .where(
      and(
        eq(studentEmployments.profileId, profileId),
        inArray(studentEmployments.kind, ['opt', 'stem']),
        eq(studentEmployments.status, 'approved'),
      ),
    )
    .orderBy(desc(studentEmployments.authorizedEndDate), desc(studentEmployments.createdAt))
    .limit(1);
  return row ?? null;
}

async function effectOf(tx: TTx, code: TStudentRequestCode, d: TData, p: TProfileRow): Promise<TEffect> {
  switch (code) {
    case 'cpt_request': {
      const from = dateOrNull(d, 'cpt_start_date');
      const to = dateOrNull(d, 'cpt_end_date');
      const employerAddress = { ...usAddress(d, 'cpt', 'cpt_postal_code'), routeCode: str(d, 'cpt_route_code') } as TAddress;
      return {
        auditAction: 'student.cpt-authorized',
        told: `Your CPT with ${str(d, 'employer_name')} ${period(from, to)} is authorized; the office will report it to SEVIS.`,
        employment: {
          kind: 'cpt',
          status: 'approved',
          authorizedStartDate: from,
          authorizedEndDate: to,
          startDate: from,
          endDate: to,
          employerName: str(d, 'employer_name'),
          jobTitle: str(d, 'employer_job_title'),
          employerEin: str(d, 'employer_ein'),
          employerAddress,
          fullOrPartTime: str(d, 'cpt_full_or_part_time'),
          hoursPerWeek: intOrNull(d, 'cpt_hours_per_week'),
          details: {
            supervisorName: str(d, 'supervisor_name'),
            supervisorPhone: str(d, 'supervisor_phone'),
            course: str(d, 'cpt_course'),
            comment: str(d, 'cpt_employment_comment'),
            remark: str(d, 'cpt_employment_remark'),
          },
        },
        event: {
          eventType: 'CPTEmployment',
          action: 'Add',
          payload: {
            employerName: str(d, 'employer_name'),
            employerAddress,
            startDate: from,
            endDate: to,
            fullOrPartTime: str(d, 'cpt_full_or_part_time'),
            remarks: str(d, 'cpt_employment_remark'),
          },
        },
      };
    }
    case 'opt_request': {
      const phase = str(d, 'opt_type');
      const from = dateOrNull(d, 'requested_start_date');
      const to = dateOrNull(d, 'requested_end_date');
      const label = phase === '01' ? 'pre-completion' : 'post-completion';
      return {
        auditAction: 'student.opt-recommended',
        told: `Your ${label} OPT ${period(from, to)} is recommended; the office will report it to SEVIS.`,
        employment: {
          kind: 'opt',
          optPhase: phase,
          status: 'approved',
          authorizedStartDate: from,
          authorizedEndDate: to,
          details: { email: str(d, 'user_email'), phone: str(d, 'phone_number'), remarks: str(d, 'student_remarks') },
        },
        event: {
          eventType: 'OPTEmployment',
          action: 'Request',
          payload: { optPhase: phase, requestedStartDate: from, requestedEndDate: to, remarks: str(d, 'student_remarks') },
        },
      };
    }
    case 'opt_employer_update': {
      const opt = await currentOpt(tx, p.id);
      if (!opt) throw badRequest('This student has no approved OPT to add an employer to.');
      const employer = {
        employerName: str(d, 'employer_name'),
        jobTitle: str(d, 'employer_job_title'),
        employerEin: str(d, 'employer_ein'),
        employerAddress: usAddress(d, 'employer', 'employer_zip_code'),
        startDate: dateOrNull(d, 'employment_start_date'),
        endDate: dateOrNull(d, 'employment_end_date'),
        fullOrPartTime: str(d, 'employer_full_or_part_time'),
      };
      const details = { salary: str(d, 'newjobsalary'), remarks: str(d, 'employment_remarks') };
      const told = `Your OPT employer ${employer.employerName} was added; the office will report it to SEVIS.`;
      const event = { eventType: 'OPTEmployer' as const, action: 'Add', payload: { ...employer, optPhase: opt.optPhase, ...details } };
      // The authorised period's first employer fills its row; a further employer gets a row of its own in the same period.
      if (!opt.employerName)
        return {
          auditAction: 'student.opt-employer-added',
          told,
          event,
          employmentUpdate: { id: opt.id, set: { ...employer, details: { ...opt.details, ...details } } },
        };
      return {
        auditAction: 'student.opt-employer-added',
        told,
        event,
        employment: {
          kind: opt.kind,
          optPhase: opt.optPhase,
          status: 'approved',
          authorizedStartDate: opt.authorizedStartDate,
          authorizedEndDate: opt.authorizedEndDate,
          ...employer,
          details,
        },
      };
    }
    case 'opt_stem_extend': {
      const from = dateOrNull(d, 'requested_start_date');
      const to = dateOrNull(d, 'requested_end_date');
      const employer = {
        employerName: str(d, 'employer_name'),
        jobTitle: str(d, 'employer_job_title'),
        employerEin: str(d, 'employer_ein'),
        employerAddress: usAddress(d, 'employer', 'employer_zip_code'),
        fullOrPartTime: str(d, 'employer_full_or_part_time'),
      };
      return {
        auditAction: 'student.stem-opt-recommended',
        told: `Your STEM OPT extension ${period(from, to)} is recommended; the office will report it to SEVIS.`,
        employment: {
          kind: 'stem',
          optPhase: '03',
          status: 'approved',
          authorizedStartDate: from,
          authorizedEndDate: to,
          startDate: from,
          ...employer,
          details: {
            everifyNumber: str(d, 'everify_number'),
            salary: str(d, 'newjobsalary'),
            supervisorName: str(d, 'supervisor_name'),
            supervisorPhone: str(d, 'supervisor_phone'),
            trainingObjectives: str(d, 'evsatobjectives'),
          },
        },
        event: {
          eventType: 'OPTEmployment',
          action: 'STEMExtend',
          payload: { ...employer, requestedStartDate: from, requestedEndDate: to, everifyNumber: str(d, 'everify_number') },
        },
      };
    }
    case 'rcl_request': {
      const from = dateOrNull(d, 'rcl_start_date');
      const to = dateOrNull(d, 'rcl_end_date');
      return {
        auditAction: 'student.rcl-authorized',
        told: `Your reduced course load for ${str(d, 'rcl_term')} is authorized; the office will report it to SEVIS.`,
        event: {
          eventType: 'AuthDropBelowFC',
          action: 'Add',
          payload: {
            reason: str(d, 'rcl_reason'),
            term: str(d, 'rcl_term'),
            startDate: from,
            endDate: to,
            credits: intOrNull(d, 'rcl_credits'),
            remarks: str(d, 'student_remarks'),
          },
        },
      };
    }
    case 'col_request': {
      const set: TProfileSet = {
        educationLevel: str(d, 'new_education_level'),
        major1Code: str(d, 'new_major'),
        programStartDate: dateOrNull(d, 'col_program_start_date'),
        programEndDate: dateOrNull(d, 'col_program_end_date'),
      };
      return {
        auditAction: 'student.change-of-level-approved',
        told: 'Your change of level is approved; your record shows the new program and the office will report it to SEVIS.',
        profileSet: set,
        event: { eventType: 'EducationLevel', action: 'Edit', payload: { ...set, remarks: str(d, 'student_remarks') } },
      };
    }
    case 'program_extension': {
      const to = dateOrNull(d, 'new_program_end_date');
      return {
        auditAction: 'student.program-extended',
        told: `Your program is extended to ${to ? usDate(to) : ''}; the office will report it to SEVIS.`,
        profileSet: { programEndDate: to },
        event: {
          eventType: 'Program',
          action: 'Extension',
          payload: {
            programEndDate: to,
            previousProgramEndDate: p.programEndDate,
            reason: str(d, 'reason_for_extension'),
            funding: {
              personal: str(d, 'personal_funds'),
              school: str(d, 'school_funding'),
              schoolRemarks: str(d, 'school_funding_remarks'),
              other: str(d, 'other_funding'),
              otherRemarks: str(d, 'other_funding_remarks'),
              remarks: str(d, 'other_amount_remarks'),
            },
          },
        },
      };
    }
    case 'transfer_in': {
      const foreignAddress: TAddress = {
        line1: str(d, 'foreign_address_line_1'),
        line2: str(d, 'foreign_address_line_2'),
        city: str(d, 'foreign_city'),
        state: str(d, 'foreign_state_cd'),
        postalCode: str(d, 'foreign_zip_code'),
        countryCode: str(d, 'foreign_country'),
      };
      const set: TProfileSet = {
        transferDirection: 'in',
        transferSchool: str(d, 'previous_school_name'),
        transferReleaseDate: dateOrNull(d, 'sevis_release_date'),
        programStartDate: dateOrNull(d, 'transfer_program_start_date') ?? p.programStartDate,
        ...(foreignAddress.line1 ? { foreignAddress } : {}),
        ...(str(d, 'phone_number') ? { phone: str(d, 'phone_number') } : {}),
      };
      return {
        auditAction: 'student.transfer-in-approved',
        told: 'Your transfer in is approved; the office will create your record here in SEVIS.',
        profileSet: set,
        event: {
          eventType: 'Create',
          action: 'TransferIn',
          payload: {
            ...set,
            previousSchoolCode: str(d, 'previous_school_code'),
            previousSevisId: str(d, 'previous_sevis_id'),
          },
        },
      };
    }
    case 'registration_request': {
      const set: TProfileSet = {
        isRegistered: true,
        sessionStartDate: dateOrNull(d, 'current_session_start_date'),
        sessionEndDate: dateOrNull(d, 'current_session_end_date'),
        isLastSession: str(d, 'last_session') === '1',
      };
      return {
        auditAction: 'student.registered',
        told: 'Your registration is confirmed; the office will report it to SEVIS.',
        profileSet: set,
        event: {
          eventType: 'Registration',
          action: 'Register',
          payload: {
            ...set,
            nextSessionStartDate: dateOrNull(d, 'next_session_start_date'),
            remarks: str(d, 'register_remarks'),
          },
        },
      };
    }
    case 'on_campus_employment_request': {
      const from = dateOrNull(d, 'on_campus_start_date');
      const to = dateOrNull(d, 'on_campus_end_date');
      return {
        auditAction: 'student.on-campus-employment-added',
        told: `Your on-campus employment with ${str(d, 'on_campus_employer_name')} is on your record.`,
        employment: {
          kind: 'on_campus',
          status: 'approved',
          startDate: from,
          endDate: to,
          employerName: str(d, 'on_campus_employer_name'),
          jobTitle: str(d, 'employer_job_title'),
          hoursPerWeek: intOrNull(d, 'on_campus_hours_per_week'),
          employerAddress: { postalCode: str(d, 'on_campus_zip_code') },
          details: { remarks: str(d, 'employment_remarks') },
        },
      };
    }
  }
}

/**
 * What approving a student's request does to their record, in the approval's transaction (called
 * by the requests module for action 'approve' and mass approve): the record or employment change,
 * the pending SEVIS update, an audit event on the record (its History Log) and a word to the student.
 */
export async function applyRequestEffects(tx: TTx, ctx: TContext, r: TRequestRow, code: string): Promise<void> {
  if (!r.profileId || !isStudentRequestCode(code)) return;
  const [profile] = await tx.select().from(studentProfiles).where(eq(studentProfiles.id, r.profileId)).for('update');
  if (!profile) return;
  const effect = await effectOf(tx, code, r.data ?? {}, profile);
  const after: Record<string, unknown> = { requestId: r.id, requestNumber: r.number };
  let before: Record<string, unknown> | undefined;
  if (effect.profileSet) {
    const keys = Object.keys(effect.profileSet) as (keyof TProfileSet)[];
    before = Object.fromEntries(keys.map((k) => [k, (profile as Record<string, unknown>)[k] ?? null]));
    await tx
      .update(studentProfiles)
      .set({ ...effect.profileSet, updatedAt: new Date() })
      .where(eq(studentProfiles.id, profile.id));
    Object.assign(after, effect.profileSet);
  }
  if (effect.employment) {
    const [row] = await tx
      .insert(studentEmployments)
      .values({ ...effect.employment, institutionId: ctx.institutionId, profileId: profile.id, requestId: r.id })
      .returning({ id: studentEmployments.id });
    Object.assign(after, {
      employmentId: row!.id,
      kind: effect.employment.kind,
      employerName: effect.employment.employerName ?? undefined,
      authorizedStartDate: effect.employment.authorizedStartDate ?? undefined,
      authorizedEndDate: effect.employment.authorizedEndDate ?? undefined,
    });
    if (effect.event) effect.event.payload.employmentId = row!.id;
    // A STEM extension's six-monthly validation reports are due from its start: schedule them now, not at the next daily run.
    if (effect.employment.kind === 'stem') await ensureStemReports(tx, ctx.institutionId, [profile.id]);
  }
  if (effect.employmentUpdate) {
    await tx
      .update(studentEmployments)
      .set({ ...effect.employmentUpdate.set, updatedAt: new Date() })
      .where(eq(studentEmployments.id, effect.employmentUpdate.id));
    Object.assign(after, { employmentId: effect.employmentUpdate.id, employerName: effect.employmentUpdate.set.employerName });
    if (effect.event) effect.event.payload.employmentId = effect.employmentUpdate.id;
  }
  if (effect.event) {
    const { id } = await raiseEvent(tx, ctx, { profileId: profile.id, requestId: r.id, ...effect.event });
    Object.assign(after, { sevisUpdates: [`${effect.event.eventType}/${effect.event.action}`], sevisEventId: id });
  }
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'student_profile',
    entityId: profile.id,
    action: effect.auditAction,
    before,
    after,
    ip: ctx.ip,
  });
  if (profile.userId)
    await notify(tx, ctx, { userIds: [profile.userId], text: effect.told, typeName: effect.auditAction, requestId: r.id });
}
