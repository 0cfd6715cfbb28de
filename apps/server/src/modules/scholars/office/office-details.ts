import { eq } from 'drizzle-orm';
import { type scholarsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { scholarApplications } from '../schema.js';
import { employmentOf, lockCaseForOffice, officeDataOf, premiumOf, presentOfficeCase } from './office-case.js';

type TPart = 'officeData' | 'premiumProcessing' | 'employment';

/** Only the fields that changed, for the History Log ("LCA number: — → I-200-..."). */
function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
  };
}

/**
 * Saves one part of the office's details of a case at the version the caller read, audited with the fields that changed.
 * `check` runs first with what the part held: it refuses values the part may not take (the office's lists).
 */
export async function savePart(
  ctx: TContext,
  applicationId: string,
  version: number,
  part: TPart,
  value: Record<string, unknown>,
  check?: (tx: TTx, before: Record<string, unknown>) => Promise<void>,
) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { c, scholar } = await lockCaseForOffice(tx, ctx, applicationId, version, 'edit');
    const before: Record<string, unknown> =
      part === 'officeData' ? officeDataOf(c) : part === 'employment' ? employmentOf(c) : premiumOf(c);
    await check?.(tx, before);
    const set: Partial<typeof scholarApplications.$inferInsert> = {
      version: c.version + 1,
      updatedBy: actor.userId,
      updatedAt: new Date(),
    };
    if (part === 'premiumProcessing') {
      const { premiumProcessFlag, ...rest } = value as scholarsApi.TPremiumProcessing;
      Object.assign(set, { premiumProcessFlag, premiumProcessing: rest });
    } else {
      Object.assign(set, { [part]: value });
    }
    const [updated] = await tx.update(scholarApplications).set(set).where(eq(scholarApplications.id, c.id)).returning();
    const d = diff(before, value);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_application',
      entityId: c.id,
      action:
        part === 'officeData'
          ? 'scholar.office-data.updated'
          : part === 'employment'
            ? 'scholar.employment.updated'
            : 'scholar.premium-processing.updated',
      before: d.before,
      after: d.after,
      ip: ctx.ip,
    });
    return presentOfficeCase(tx, actor, updated!, scholar);
  });
}
