import { asc, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { textOf } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { type TContext } from '../../../platform/http/context.js';
import { assignDependentSevisId, studentDependents } from '../../students/index.js';
import { type sevisBatchRecords } from '../schema.js';
import { type TLogRecord } from './trans-log-parse.js';
import { type TBatchRow } from './operations/apply-trans-log.js';

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  processEntities: true,
  preserveOrder: false,
});

type TNode = Record<string, unknown>;

const txt = (v: unknown): string =>
  (v === undefined || v === null ? '' : typeof v === 'object' ? txt((v as TNode)['#text']) : textOf(v)).trim();

/** The dependents a create record of the sent batch carried, in order (names, birth date, user-defined fields). */
function sentDependents(batchXml: string, requestId: string): { first: string; last: string; birthDate: string; userDefinedB: string }[] {
  if (!batchXml) return [];
  let found: TNode | null = null;
  const walk = (n: unknown) => {
    if (found || !n || typeof n !== 'object') return;
    if (Array.isArray(n)) {
      n.forEach(walk);
      return;
    }
    const o = n as TNode;
    if (o['@_requestID'] === requestId) {
      found = o;
      return;
    }
    Object.values(o).forEach(walk);
  };
  try {
    walk(xmlParser.parse(batchXml));
  } catch {
    return [];
  }
  const out: { first: string; last: string; birthDate: string; userDefinedB: string }[] = [];
  const collect = (n: unknown, key: string) => {
    if (!n || typeof n !== 'object') return;
    if (Array.isArray(n)) {
      n.forEach((x) => collect(x, key));
      return;
    }
    const o = n as TNode;
    if (key === 'Dependent' && (o.FullName || o.BirthDate)) {
      const name = (o.FullName ?? {}) as TNode;
      out.push({ first: txt(name.FirstName), last: txt(name.LastName), birthDate: txt(o.BirthDate), userDefinedB: txt(o.UserDefinedB) });
      return;
    }
    for (const [k, v] of Object.entries(o)) collect(v, k);
  };
  if (found) collect(found, '');
  return out;
}

/** SEVIS IDs of the dependents a record's result names: by the update event's dependent, else by the order and names the batch sent. */
export async function assignDependentIds(
  tx: TTx,
  ctx: TContext,
  batch: TBatchRow,
  rec: typeof sevisBatchRecords.$inferSelect,
  dependentId: string | null,
  logRec: TLogRecord,
): Promise<string[]> {
  const withIds = logRec.dependents.filter((d) => d.sevisId);
  if (!withIds.length) return [];
  const ours = await tx
    .select()
    .from(studentDependents)
    .where(eq(studentDependents.profileId, rec.profileId))
    .orderBy(asc(studentDependents.createdAt));
  const assigned: string[] = [];
  const setId = async (depId: string, sevisId: string) => {
    const dep = ours.find((d) => d.id === depId);
    if (!dep || dep.sevisId === sevisId) return;
    await assignDependentSevisId(tx, depId, sevisId);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_dependent',
      entityId: depId,
      action: 'student.dependent.sevis-id.assigned',
      before: { sevisId: dep.sevisId },
      after: { sevisId, batchId: batch.batchId, requestId: rec.sevisRequestId },
      ip: ctx.ip,
    });
    dep.sevisId = sevisId;
    assigned.push(sevisId);
  };
  if (dependentId) {
    await setId(dependentId, withIds[0]!.sevisId!);
    return assigned;
  }
  const sent = sentDependents(batch.xml, rec.sevisRequestId);
  const norm = (s: string) => s.trim().toLowerCase();
  for (const [i, d] of logRec.dependents.entries()) {
    if (!d.sevisId || ours.some((o) => o.sevisId === d.sevisId)) continue;
    const s = (d.userDefinedB && sent.find((x) => x.userDefinedB === d.userDefinedB)) || sent[i];
    const match = s
      ? ours.find(
          (o) =>
            !o.sevisId &&
            norm(o.firstName) === norm(s.first) &&
            norm(o.lastName) === norm(s.last) &&
            (!s.birthDate || o.birthDate === s.birthDate),
        )
      : undefined;
    // Without the sent XML to go by, the i-th dependent still waiting for its id (the order the batch was built in).
    const fallback = !s ? ours.filter((o) => !o.sevisId && o.status === 'Active')[0] : undefined;
    const target = match ?? fallback;
    if (target) await setId(target.id, d.sevisId);
  }
  return assigned;
}
