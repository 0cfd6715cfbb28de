import { describe, expect, it } from 'vitest';
import { createdMessage } from './batch-created-message';

const batch = (batchId: string, recordCount: number, orgId = 'NYC214F00123000') => ({ id: batchId, batchId, orgId, recordCount });

describe('createdMessage', () => {
  it('says why one student made two batches', () => {
    const m = createdMessage({
      batches: [batch('MC000000000001', 1), batch('MC000000000002', 1)],
      batchedEvents: 2,
      heldEvents: 0,
      skipped: [],
    });
    expect(m).toBe(
      '2 batches created (2 records: MC000000000001, MC000000000002). A student with several updates gets one per batch, because SEVIS may process batches in any order.',
    );
  });
  it('says nothing more when the batches split only at 250 records or by OrgID', () => {
    expect(createdMessage({ batches: [batch('A', 250), batch('B', 10)], batchedEvents: 260, heldEvents: 0, skipped: [] })).not.toMatch(
      /any order/,
    );
    expect(createdMessage({ batches: [batch('A', 1), batch('B', 1, 'P-1-12345')], batchedEvents: 2, heldEvents: 1, skipped: [] })).toBe(
      '2 batches created (2 records: A, B). 1 record was held back: see "Held back" below.',
    );
  });
});
