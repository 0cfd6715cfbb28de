import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { badRequest } from '../../../../platform/errors/app-error.js';
import { studentEmployments } from '../../schema.js';
import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, str, usAddress, type TApprovalEffect, type TData } from './approval-effect.js';

/** The student's latest approved OPT or STEM OPT period: the one a new employer joins. */
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

/** Approving an OPT employer update adds the employer to the student's current approved OPT and queues SEVIS's employer update. */
export async function approveOptEmployerUpdate(d: TData, p: TProfileRow, tx: TTx): Promise<TApprovalEffect> {
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
