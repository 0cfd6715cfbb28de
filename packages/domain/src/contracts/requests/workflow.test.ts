import { describe, expect, it } from 'vitest';
import {
  actionsFrom,
  FINAL_STATUSES,
  REQUEST_ACTIONS,
  REQUEST_STATUSES,
  REQUEST_STATUS_LABELS,
  REQUEST_TRANSITIONS,
  transitionRefusal,
} from './workflow.js';

describe('the request state machine table', () => {
  it('reaches every status from a draft', () => {
    const seen = new Set<string>(['draft']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const a of REQUEST_ACTIONS) {
        const t = REQUEST_TRANSITIONS[a];
        if (t.from.some((f) => seen.has(f)) && !seen.has(t.to)) {
          seen.add(t.to);
          grew = true;
        }
      }
    }
    expect([...seen].sort()).toEqual([...REQUEST_STATUSES].sort());
  });

  it('lets nothing leave a final status', () => {
    for (const s of FINAL_STATUSES) for (const by of ['requester', 'staff', 'system'] as const) expect(actionsFrom(s, by)).toEqual([]);
  });

  it('has a label for every status and a readable refusal for every action', () => {
    for (const s of REQUEST_STATUSES) expect(REQUEST_STATUS_LABELS[s]).toBeTruthy();
    expect(REQUEST_STATUS_LABELS.adv_review).toBe('Approver Review');
    for (const a of REQUEST_ACTIONS) expect(transitionRefusal('completed', a)).toMatch(/^This request is Completed; it cannot be .+\.$/);
  });

  it('gives the requester only submit and cancel, and approver outcomes only to the chain', () => {
    expect(actionsFrom('draft', 'requester')).toEqual(['submit', 'cancel']);
    expect(actionsFrom('clarification_requested', 'requester')).toEqual(['submit']);
    expect(actionsFrom('adv_review', 'system')).toEqual(['approvers_approved', 'approvers_rejected']);
    // Approving during approver review needs an override with a reason (the server checks it).
    expect(actionsFrom('adv_review', 'staff')).toEqual(['approve', 'dismiss', 'reject']);
  });
});
