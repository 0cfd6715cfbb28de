import { describe, expect, it } from 'vitest';
import { REQUEST_STATUSES } from '../contracts/requests/workflow.js';
import { DEPT_CASE_TABS } from '../contracts/scholars/department.js';
import { PORTAL_STAGE_LABELS, PORTAL_STAGES } from '../contracts/students/portal.js';
import { STUDENT_STAGES } from './roles.js';
import { APPLICATION_STATES, SPONSORSHIP_STATES } from './scholars.js';
import {
  CORRECTION_STATUS_LABELS,
  labelOfStatus,
  requestStatusLabel,
  SPONSORSHIP_STATE_LABELS,
  type STATUS_VOCABULARIES,
  STUDENT_STAGE_LABELS,
} from './statuses.js';
import { SEVIS_EVENT_STATUSES } from './students.js';

// One status vocabulary per kind of case, read the same on every page (docs/product/statuses.md).
describe('status vocabularies', () => {
  it('gives every status of every kind of case its words, and no two statuses of a kind the same words', () => {
    const kinds: [keyof typeof STATUS_VOCABULARIES, readonly string[]][] = [
      ['request', REQUEST_STATUSES],
      ['sponsorship', SPONSORSHIP_STATES],
      ['scholarApplication', APPLICATION_STATES],
      ['studentStage', STUDENT_STAGES],
      ['sevisEvent', SEVIS_EVENT_STATUSES],
    ];
    for (const [kind, codes] of kinds) {
      const labels = codes.map((c) => labelOfStatus(kind, c));
      for (const [i, l] of labels.entries()) expect(l, `${kind} ${codes[i]}`).not.toBe(codes[i]);
      expect(new Set(labels).size, kind).toBe(labels.length);
    }
  });

  it("a request's requester calls their unsubmitted request a draft; the office says 'Pending', as the spec's filters do", () => {
    expect(requestStatusLabel('draft')).toBe('Pending');
    expect(requestStatusLabel('draft', 'requester')).toBe('Draft');
    // Every other status reads the same for both.
    for (const s of REQUEST_STATUSES.filter((x) => x !== 'draft')) expect(requestStatusLabel(s, 'requester')).toBe(requestStatusLabel(s));
  });

  it("the department dashboard's tabs are named with the sponsorship states' own words", () => {
    for (const tab of DEPT_CASE_TABS.filter((x) => x.key !== 'all')) expect(tab.label).toBe(SPONSORSHIP_STATE_LABELS[tab.key]);
  });

  it("a student's portal stage reads as the stage does everywhere else", () => {
    for (const s of PORTAL_STAGES) expect(PORTAL_STAGE_LABELS[s]).toBe(STUDENT_STAGE_LABELS[s]);
  });

  it('a correction reads the same for the student and the office, and an unknown code reads as itself', () => {
    expect(labelOfStatus('correction', 'rejected')).toBe(CORRECTION_STATUS_LABELS.rejected);
    expect(labelOfStatus('sponsorship', 'no_such_state')).toBe('no_such_state');
    expect(labelOfStatus('reviewStatus', 4)).toBe('Require resolution');
  });
});
