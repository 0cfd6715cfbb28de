import type { TProfileRow } from '../../student.policy.js';
import { str, type TApprovalEffect, type TData, NOTHING_CHANGED, type TProfileSet } from './approval-effect.js';

/** Approving a financial update changes the amounts given; SEVIS hears them as a staff edit would (FinancialInfo / Edit). */
export function approveFinancialInfoUpdate(d: TData, p: TProfileRow): TApprovalEffect {
  const financials: Record<string, number | string> = { ...(p.financials ?? {}) };
  const amounts: [string, string][] = [
    ['personal_funds', 'personalFunds'],
    ['school_funding', 'schoolFunds'],
    ['other_funding', 'otherFunds'],
  ];
  for (const [field, key] of amounts) if (str(d, field)) financials[key] = Number(str(d, field));
  if (str(d, 'school_funding_remarks')) financials.schoolFundsRemarks = str(d, 'school_funding_remarks');
  if (str(d, 'other_funding_remarks')) financials.otherFundsRemarks = str(d, 'other_funding_remarks');
  const set: TProfileSet = amounts.some(([f]) => str(d, f)) ? { financials } : {};
  return {
    auditAction: 'student.financials-updated',
    told: Object.keys(set).length ? 'Your financial information is updated; the office will report it to SEVIS.' : NOTHING_CHANGED,
    profileSet: set,
    recordEvents: true,
  };
}
