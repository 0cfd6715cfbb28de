import { and, eq } from 'drizzle-orm';
import type { studentsApi as S } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, notFound } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { studentDependents } from '../schema.js';
import { getAccessibleProfile } from '../student.policy.js';
import { presentDependent } from '../student-record.presenter.js';
import { raiseEvent } from './sevis-events.js';

type TInput = z.output<typeof S.ZStudentDependentInput>;
type TRow = typeof studentDependents.$inferSelect;

/**
 * What SEVIS must hear about a dependent (spec 000 s3: "change detected by comparing these"):
 * identity and the three countries. E-mail is ours only.
 */
export const DEPENDENT_SEVIS_FIELDS = [
  'firstName',
  'lastName',
  'relationshipCode',
  'gender',
  'birthDate',
  'birthCity',
  'birthCountryCode',
  'citizenshipCountryCode',
  'permanentResidenceCountryCode',
] as const;

/** The SEVIS-relevant fields whose value differs between the stored dependent and the new values. */
export function dependentSevisChanges(before: Pick<TRow, (typeof DEPENDENT_SEVIS_FIELDS)[number]>, after: TInput): string[] {
  return DEPENDENT_SEVIS_FIELDS.filter((k) => String(before[k] ?? '') !== String(after[k] ?? ''));
}

const sevisPayload = (d: TRow, sevisId: string | null) => ({
  principalSevisId: sevisId,
  dependentSevisId: d.sevisId,
  ...Object.fromEntries(DEPENDENT_SEVIS_FIELDS.map((k) => [k, d[k] ?? null])),
});

const audit = (tx: TTx, ctx: TContext, profileId: string, action: string, before: unknown, after: unknown) =>
  writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'student_profile',
    entityId: profileId,
    action,
    before,
    after,
    ip: ctx.ip,
  });

async function loadDependent(tx: TTx, profileId: string, dependentId: string): Promise<TRow> {
  const [d] = await tx
    .select()
    .from(studentDependents)
    .where(and(eq(studentDependents.id, dependentId), eq(studentDependents.profileId, profileId)))
    .for('update');
  if (!d) throw notFound();
  return d;
}

export async function addDependent(ctx: TContext, profileId: string, input: TInput): Promise<S.TStudentDependent> {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'edit');
    const [d] = await tx
      .insert(studentDependents)
      .values({ institutionId: ctx.institutionId, profileId, ...input, needsSevisUpdate: true })
      .returning();
    await raiseEvent(tx, ctx, {
      profileId,
      dependentId: d!.id,
      eventType: 'Dependent',
      action: 'Add',
      payload: sevisPayload(d!, p.sevisId),
    });
    await audit(tx, ctx, profileId, 'student.dependent.added', null, {
      dependentId: d!.id,
      name: `${d!.firstName} ${d!.lastName}`,
      relationshipCode: d!.relationshipCode,
    });
    return presentDependent(d!);
  });
}

/** Changes a dependent; a change of identity or countries sets needsSevisUpdate and raises Dependent/Edit. */
export async function updateDependent(ctx: TContext, profileId: string, dependentId: string, input: TInput): Promise<S.TStudentDependent> {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'edit');
    const before = await loadDependent(tx, profileId, dependentId);
    if (before.status === 'Terminated')
      throw new AppError(409, 'DEPENDENT_TERMINATED', 'This dependent was terminated and can no longer be changed.');
    const sevisChanges = dependentSevisChanges(before, input);
    const all = (Object.keys(input) as (keyof TInput)[]).filter((k) => String(before[k] ?? '') !== String(input[k] ?? ''));
    if (!all.length) return presentDependent(before);
    const [after] = await tx
      .update(studentDependents)
      .set({ ...input, ...(sevisChanges.length ? { needsSevisUpdate: true } : {}), updatedAt: new Date() })
      .where(eq(studentDependents.id, dependentId))
      .returning();
    if (sevisChanges.length) {
      // A dependent SEVIS has not created yet is still an Add: refresh that instead of a separate Edit.
      const action = after!.sevisId ? 'Edit' : 'Add';
      await raiseEvent(tx, ctx, {
        profileId,
        dependentId,
        eventType: 'Dependent',
        action,
        payload: { ...sevisPayload(after!, p.sevisId), changedFields: sevisChanges },
      });
    }
    await audit(
      tx,
      ctx,
      profileId,
      'student.dependent.updated',
      { dependentId, ...Object.fromEntries(all.map((k) => [k, before[k] ?? null])) },
      {
        dependentId,
        ...Object.fromEntries(all.map((k) => [k, after![k] ?? null])),
        ...(sevisChanges.length ? { sevisUpdates: ['Dependent'] } : {}),
      },
    );
    return presentDependent(after!);
  });
}

export async function terminateDependent(
  ctx: TContext,
  profileId: string,
  dependentId: string,
  reasonCode: string,
): Promise<S.TStudentDependent> {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'edit');
    const before = await loadDependent(tx, profileId, dependentId);
    if (before.status === 'Terminated') throw new AppError(409, 'DEPENDENT_TERMINATED', 'This dependent is already terminated.');
    const [after] = await tx
      .update(studentDependents)
      .set({ status: 'Terminated', terminationReasonCode: reasonCode, needsSevisUpdate: true, updatedAt: new Date() })
      .where(eq(studentDependents.id, dependentId))
      .returning();
    await raiseEvent(tx, ctx, {
      profileId,
      dependentId,
      eventType: 'Dependent',
      action: 'Terminate',
      payload: { ...sevisPayload(after!, p.sevisId), reasonCode },
    });
    await audit(
      tx,
      ctx,
      profileId,
      'student.dependent.terminated',
      { dependentId, status: before.status },
      { dependentId, status: 'Terminated', terminationReasonCode: reasonCode },
    );
    return presentDependent(after!);
  });
}
