import { and, eq, inArray } from 'drizzle-orm';
import { stemReportSchedule } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import { stemReports, studentEmployments } from '../../schema.js';

/**
 * Creates the STEM report rows a student's STEM authorisations call for and that do not exist yet
 * (idempotent): run when a STEM employment is recorded and by the daily job for STEM periods
 * recorded elsewhere (an approved STEM request). Returns how many rows it added.
 */
export async function ensureStemReports(tx: TTx, institutionId: string, profileIds?: string[]): Promise<number> {
  const rows = await tx
    .select()
    .from(studentEmployments)
    .where(
      and(
        eq(studentEmployments.status, 'approved'),
        eq(studentEmployments.kind, 'stem'),
        ...(profileIds
          ? [inArray(studentEmployments.profileId, profileIds.length ? profileIds : ['00000000-0000-0000-0000-000000000000'])]
          : []),
      ),
    )
    .orderBy(studentEmployments.createdAt);
  // One schedule per STEM authorisation (the first row of that period carries the reports).
  const periods = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    if (!r.authorizedStartDate || !r.authorizedEndDate) continue;
    const key = `${r.profileId}|${r.authorizedStartDate}|${r.authorizedEndDate}`;
    if (!periods.has(key)) periods.set(key, r);
  }
  if (periods.size === 0) return 0;
  const ids = [...new Set([...periods.values()].map((r) => r.profileId))];
  const existing = await tx
    .select({ profileId: stemReports.profileId, kind: stemReports.kind, dueDate: stemReports.dueDate })
    .from(stemReports)
    .where(inArray(stemReports.profileId, ids));
  const have = new Set(existing.map((e) => `${e.profileId}|${e.kind}|${e.dueDate}`));
  const add: (typeof stemReports.$inferInsert)[] = [];
  for (const r of periods.values()) {
    for (const s of stemReportSchedule(r.authorizedStartDate!, r.authorizedEndDate!)) {
      const key = `${r.profileId}|${s.kind}|${s.dueDate}`;
      if (have.has(key)) continue;
      have.add(key);
      add.push({ institutionId, profileId: r.profileId, employmentId: r.id, kind: s.kind, dueDate: s.dueDate });
    }
  }
  if (add.length) await tx.insert(stemReports).values(add);
  return add.length;
}
