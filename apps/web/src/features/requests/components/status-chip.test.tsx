// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SCHOLAR_PHASE_LABELS, SPONSORSHIP_STATE_LABELS } from '@meridian/domain';
import { StatusChip, requestStatusText } from './status-chip';

afterEach(cleanup);

// A status reads the same on every page: one vocabulary per kind of case (docs/product/statuses.md).
const CASE = '00000000-0000-4000-8000-0000000000c1';

describe('StatusChip', () => {
  it("a student's request reads in the request's words; its requester calls an unsubmitted one a draft", () => {
    render(<StatusChip status="draft" />);
    expect(screen.getByText('Pending')).toBeTruthy();
    cleanup();
    render(<StatusChip status="draft" requesterView />);
    expect(screen.getByText('Draft')).toBeTruthy();
    cleanup();
    render(<StatusChip status="adv_review" requesterView />);
    expect(screen.getByText('Approver Review')).toBeTruthy();
  });

  it("a sponsorship request reads where its case stands, in the department dashboard's words, whatever its engine status", () => {
    // After an approver's rejection the engine request is back in review, but the case is with the department.
    render(<StatusChip status="in_review" caseStatus={{ scholarApplicationId: CASE, vocabulary: 'sponsorship', status: 'rejected' }} />);
    expect(screen.getByText(SPONSORSHIP_STATE_LABELS.rejected)).toBeTruthy();
    expect(screen.queryByText('In Review')).toBeNull();
    expect(requestStatusText('submitted', true, { scholarApplicationId: CASE, vocabulary: 'sponsorship', status: 'submitted' })).toBe(
      'With the office',
    );
    expect(
      requestStatusText('in_review', false, { scholarApplicationId: CASE, vocabulary: 'scholarApplication', status: 'returned' }),
    ).toBe('Returned for changes');
  });

  it('the phases of a scholar case keep the words of the catalogue', () => {
    expect(SCHOLAR_PHASE_LABELS.isss_review).toBe('ISSS Review');
  });
});
