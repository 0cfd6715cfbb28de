import { EV_COMPLETED_EARLY } from '@meridian/domain';
import type { TProfileRow } from '../../student.policy.js';
import { isEv, type TApprovalEffect } from './approval-effect.js';

/**
 * SEVIS's Program / Shorten for a program that now ends on `to` (Complete Program Early, Shorten Program): the
 * student schema's NewPrgEndDate and remarks; the exchange visitor schema's also SEVIS's reason (ShortenReason,
 * EVCompletionCodeType) and remarks, both required there. A record SEVIS does not know yet carries the new end in
 * its Create instead (recordEvents).
 */
export function programShortened(
  p: TProfileRow,
  to: string | null,
  o: { remarks: string; evReason?: string | undefined },
): Pick<TApprovalEffect, 'profileSet' | 'event' | 'recordEvents'> {
  const profileSet = { programEndDate: to };
  if (!p.sevisId) return { profileSet, recordEvents: true };
  return {
    profileSet,
    event: {
      eventType: 'Program',
      action: 'Shorten',
      payload: {
        programEndDate: to,
        previousProgramEndDate: p.programEndDate,
        remarks: o.remarks,
        ...(isEv(p) ? { sevisReasonCode: o.evReason ?? EV_COMPLETED_EARLY } : {}),
      },
    },
  };
}
