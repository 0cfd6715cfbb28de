import { textOf, type TScholarRequestContext } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import type { TContext } from '../../../../platform/http/context.js';
import { applyRecordChange, lockProfile, type TProfileRow } from '../../../students/index.js';
import type { TCaseRow, TScholarRow } from '../../scholar.policy.js';
import type { scholars } from '../../schema.js';

// What one scholar request type's approval does (docs/product/scholars-portal.md#what-approval-does), and the
// readers of the form fields its effect is made from.

/** A scholar request's form data, field name to value. */
export type TData = Record<string, unknown>;

/** What an effect reads: the request's data, the case it changes, its exchange visitor record and the rules' context. */
export interface TEffectInput {
  d: TData;
  c: TCaseRow;
  scholar: TScholarRow;
  /** The case's exchange visitor record (students module), locked for the change; null until the office creates it. */
  ev: TProfileRow | null;
  rule: TScholarRequestContext;
}

/** Columns of the case an approval sets (the application form and the office's data are jsonb, set whole). */
export type TCaseSet = Partial<Pick<TCaseRow, 'processedStartDate' | 'processedEndDate' | 'officeData' | 'data'>>;
export type TScholarSet = Partial<Pick<typeof scholars.$inferInsert, 'firstName' | 'middleName' | 'lastName' | 'gender' | 'email'>>;

/** What an approval does: the case's and the scholar's change, the exchange visitor record's, and the words for the History Log and the scholar. */
export interface TScholarEffect {
  auditAction: string;
  /** Sentence for the scholar's bell. */
  told: string;
  caseSet?: TCaseSet;
  scholarSet?: TScholarSet;
  /**
   * The change of the exchange visitor record, through the students module's own operations (which queue
   * SEVIS's update with the request's id), in the approval's transaction.
   */
  onRecord?: (tx: TTx, ctx: TContext, ev: TProfileRow, requestId: string) => Promise<void>;
}

export type TApproveScholarRequest = (input: TEffectInput) => TScholarEffect;

/** A form field's text, trimmed. */
export const str = (d: TData, k: string): string => textOf(d[k]).trim();

/** The office's data of the case with some fields set (jsonb, kept whole). */
export const officeDataWith = (c: TCaseRow, set: Record<string, unknown>) => ({ ...(c.officeData ?? {}), ...set });
/** The scholar's application form with some fields set (jsonb, kept whole). */
export const applicationDataWith = (c: TCaseRow, set: Record<string, unknown>) => ({ ...(c.data ?? {}), ...set });

/**
 * Changes fields of the exchange visitor record as the office's edit of them would (students module
 * applyRecordChange: its checks, its History Log, the SEVIS update each change needs, with the request's id).
 */
/** Fields of the exchange visitor record an approval sets (what the record's own edit takes). */
export type TRecordSet = Parameters<typeof applyRecordChange>[3];

export const recordChange =
  (set: TRecordSet, action: string) =>
  async (tx: TTx, ctx: TContext, ev: TProfileRow, requestId: string): Promise<void> => {
    await applyRecordChange(tx, ctx, await lockProfile(tx, ev.id), set, action, { requestId }, requestId);
  };

/** What the scholar is told when an update asked for nothing the case did not already hold. */
export const NOTHING_CHANGED = 'Your request is approved; it asked for no change to your case.';
