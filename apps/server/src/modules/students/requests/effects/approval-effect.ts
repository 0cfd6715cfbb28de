import { isExchangeVisitor, textOf, usDate, type TSevisEventType } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import type { studentDependents, studentEmployments, studentProfiles, TAddress } from '../../schema.js';
import type { TProfileRow } from '../../student.policy.js';
import type { TDependentSet } from '../../records/dependent-fields.js';

// What one request type's approval does, and the readers of the form fields its effect is made from.

/** A student request's form data, field name to value. */
export type TData = Record<string, unknown>;
type TEmploymentInsert = typeof studentEmployments.$inferInsert;
/** Columns of the student record an approval sets. */
export type TProfileSet = Partial<typeof studentProfiles.$inferInsert>;

/** A form field's text, trimmed. */
export const str = (d: TData, k: string): string => textOf(d[k]).trim();
/** A date field (ISO), or null when empty. */
export const dateOrNull = (d: TData, k: string): string | null => str(d, k) || null;
/** A whole-number field, or null when empty. */
export const intOrNull = (d: TData, k: string): number | null => (str(d, k) ? Number(str(d, k)) : null);
/** A U.S. address from the form's fields: <prefix>_line_1/_2, <prefix>_city, <prefix>_state and the ZIP field. */
export const usAddress = (d: TData, prefix: 'cpt' | 'employer', zip: string): TAddress => ({
  line1: str(d, `${prefix}_address_line_1`),
  line2: str(d, `${prefix}_address_line_2`),
  city: str(d, `${prefix}_city`),
  state: str(d, `${prefix}_state`),
  postalCode: str(d, zip),
  countryCode: 'US',
});
/** 'from MM/DD/YYYY to MM/DD/YYYY' for the student's message; empty without a start. */
export const period = (from: string | null, to: string | null) =>
  from && to ? `from ${usDate(from)} to ${usDate(to)}` : from ? `from ${usDate(from)}` : '';

/** What an approval does: the record change, the SEVIS update to queue, and the words for the History Log and the student. */
export interface TApprovalEffect {
  auditAction: string;
  /** Sentence for the student's bell. */
  told: string;
  profileSet?: TProfileSet;
  employment?: Omit<TEmploymentInsert, 'institutionId' | 'profileId' | 'requestId'>;
  /** Set an employer on this existing employment instead of adding one. */
  employmentUpdate?: { id: string; set: Partial<TEmploymentInsert> };
  event?: { eventType: TSevisEventType; action: string; payload: Record<string, unknown> };
  /**
   * The record change raises SEVIS's updates as a staff edit of the same fields would
   * (records/record-changes.ts: PersonalInfo, Program, FinancialInfo; a record SEVIS does not know yet refreshes its Create).
   */
  recordEvents?: boolean;
  /** What happens to the record's dependents, in this order (operations/apply-dependent-actions.ts). */
  dependentActions?: TDependentAction[];
  /** Said on the History Log entry where SEVIS has no batch event for the change (done in SEVIS RTI). */
  doneInRti?: string;
}

/**
 * One dependent's part of an approval: added (SEVIS Dependent / Add, a J-2's with its DS-2019 purpose), changed
 * (Dependent / Edit with its SEVIS ID, or its Add refreshed before SEVIS has it) or ended (Dependent / Terminate
 * with the reason: SEVIS Table 3 for an F-2, the End Status words for a J-2).
 */
export type TDependentAction =
  | { kind: 'add'; dependent: Omit<typeof studentDependents.$inferInsert, 'institutionId' | 'profileId'>; formPurpose?: string | undefined }
  | { kind: 'change'; dependentId: string; set: TDependentSet }
  | { kind: 'end'; dependentId: string; reasonCode: string; remarks: string; otherRemarks?: string | undefined };

/** An exchange visitor's (J-1) request gets the exchange visitor variant of its effect (SEVIS's exchange visitor batch). */
export const isEv = (p: Pick<TProfileRow, 'visaType'>): boolean => isExchangeVisitor(p.visaType);

/** One request type's approval: what it does to the student's record, from the request's form data. */
/** `today` is the office's date (its time zone), for dates the approval sets. */
export type TApproveRequest = (d: TData, p: TProfileRow, tx: TTx, today: string) => TApprovalEffect | Promise<TApprovalEffect>;

/** What the student is told when an information update changed nothing (no field was filled in): no promise of SEVIS. */
export const NOTHING_CHANGED = 'Your request is approved; it asked for no change to your record.';
