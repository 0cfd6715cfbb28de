import { z } from 'zod';

/**
 * Decisions the office cannot take back, and what the page says before one is taken
 * (docs/product/requests.md#decisions-are-confirmed, docs/decisions/028-submitting-starts-approver-review.md).
 */

/** Whether the request type's workflow asks approvers before the office decides, and whether they have. */
export const ZApproverCheck = z.object({
  /** The type has an active approval workflow with at least one step. */
  required: z.boolean(),
  /** The latest approval round approved every step. */
  approved: z.boolean(),
  /** The workflow's steps, in order, as people read them ("Faculty advisor", "Dean's office"). */
  steps: z.array(z.string()),
});
export type TApproverCheck = z.infer<typeof ZApproverCheck>;

const list = (steps: readonly string[]) => (steps.length ? steps.join(', then ') : 'its approvers');

export const DECISION_MSG = {
  /** An override without its reason (on the field `overrideReason`). */
  overrideReasonRequired: 'Please give the reason for approving before the approvers have decided.',
  /** Staff approve while the approvers have not approved: refused unless overridden with a reason. */
  approversFirst: (number: number, steps: readonly string[], inApproverReview: boolean) =>
    `Request #${number} needs its approvers' decision first (${list(steps)}). ${
      inApproverReview ? 'Wait for them to decide' : 'Send it to approver review'
    }, or approve it with an override and give your reason.`,
} as const;

/** A name with its possessive: "Priya Sharma's", "James'". */
export function possessive(name: string): string {
  const n = name.trim() || 'the student';
  return /s$/i.test(n) ? `${n}'` : `${n}'s`;
}

/**
 * What approving a student's request does to their record, in one sentence naming the person
 * (docs/product/students-requests.md#what-approval-does); '' for a type without an effect.
 */
export function approvalEffect(typeCode: string, name: string): string {
  const of = possessive(name);
  const effects: Record<string, string> = {
    cpt_request: `The CPT authorization is added to ${of} record and a SEVIS update (CPT employment) is queued.`,
    opt_request: `The OPT recommendation is added to ${of} record and a SEVIS update (OPT request) is queued.`,
    opt_employer_update: `The employer is added to ${of} current OPT and a SEVIS update (OPT employer) is queued.`,
    opt_stem_extend: `The STEM OPT extension is added to ${of} record, its reports are scheduled and a SEVIS update (STEM extension) is queued.`,
    rcl_request: `The reduced course load is added to ${of} record and a SEVIS update (reduced course load) is queued.`,
    col_request: `${of} record gets the new education level, major and program dates, and a SEVIS update (education level) is queued.`,
    program_extension: `${of} program end date moves to the one requested and a SEVIS update (program extension) is queued.`,
    transfer_in: `${of} record becomes a transfer in and a SEVIS record creation (transfer in) is queued.`,
    registration_request: `${name} is registered for the session and a SEVIS registration is queued.`,
    on_campus_employment_request: `The on-campus employment is added to ${of} record (SEVIS is not told of it).`,
    complete_program_request: `${of} program ends on the completion date and a SEVIS update (shorten program) is queued.`,
    shorten_program_request: `${of} program ends earlier, as requested, and a SEVIS update (shorten program) is queued.`,
    cancel_request: `${of} SEVIS status becomes Canceled (an exchange visitor's: Invalid) and a SEVIS update is queued.`,
    defer_attendance_request: `${of} program start and end move as requested and a SEVIS update (session dates) is queued.`,
    reinstatement: `${of} record is tagged “Reinstatement recommended”; the office records it in SEVIS RTI.`,
    transfer_out: `${of} record is released to the new school on the release date; the office does this in SEVIS RTI.`,
    demographic_update: `${of} names and gender change as requested and a SEVIS update (personal information) is queued.`,
    contact_info_update: `${of} U.S. address, phone and e-mail change as requested and a SEVIS update (address) is queued.`,
    financial_info_update: `${of} financial information changes as requested and a SEVIS update (financial information) is queued.`,
    program_info_update: `${of} majors and minor (an exchange visitor's subject field) change as requested and a SEVIS update (program amendment) is queued.`,
    dependent_info_update: `The dependent on ${of} record is added or changed as requested and a SEVIS update (dependent) is queued.`,
    matriculation_request: `${of} record gets the new degree (exchange visitor category) and program end date, and a SEVIS update (matriculation) is queued.`,
    terminate_request: `${of} SEVIS status becomes Terminated with the reason given, and a SEVIS update (termination) is queued.`,
    dependent_info_multi: `Each dependent listed is added to, changed on or ended on ${of} record, and a SEVIS update (dependent) is queued for each.`,
  };
  return effects[typeCode] ?? '';
}
