import type { sevisApi } from '@meridian/domain';

/** Records per batch block (the XSD's limit; more records split into more batches). */
const BLOCK = 250;

/** What "Create batches" did, in a sentence or three: batches made, records held back, OrgIDs skipped, and why one OrgID got more batches than its record count needs. */
export function createdMessage(r: sevisApi.TCreateBatchesOutput): string {
  const parts: string[] = [];
  parts.push(
    r.batches.length
      ? `${r.batches.length} ${r.batches.length === 1 ? 'batch' : 'batches'} created (${r.batchedEvents} ${r.batchedEvents === 1 ? 'record' : 'records'}: ${r.batches.map((b) => b.batchId).join(', ')}).`
      : 'No batch was created.',
  );
  const byOrg = new Map<string, { batches: number; records: number }>();
  for (const b of r.batches) {
    const o = byOrg.get(b.orgId) ?? { batches: 0, records: 0 };
    byOrg.set(b.orgId, { batches: o.batches + 1, records: o.records + b.recordCount });
  }
  if ([...byOrg.values()].some((o) => o.batches > Math.ceil(o.records / BLOCK))) {
    parts.push('A student with several updates gets one per batch, because SEVIS may process batches in any order.');
  }
  if (r.heldEvents) parts.push(`${r.heldEvents} ${r.heldEvents === 1 ? 'record was' : 'records were'} held back: see "Held back" below.`);
  if (r.skipped.length) parts.push(`Skipped ${r.skipped.map((s) => s.orgId).join(', ')}: ${r.skipped[0]!.reason}.`);
  return parts.join(' ');
}
