import { eq } from 'drizzle-orm';
import { type sevisApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { sevisSettings } from '../../schema.js';
import { configuresSite, getReachableSettings } from '../../settings-scope.js';
import { assertSiteAndUnique, presentSevisSettings, type TSevisSettingsFields, settingsValues } from '../sevis-settings-fields.js';

/** Changes a site's SEVIS settings; another site's row answers 404. */
export async function updateSevisSettings(
  ctx: TContext,
  settingsId: string,
  input: TSevisSettingsFields,
): Promise<sevisApi.TSevisSettings> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const before = await getReachableSettings(tx, actor, settingsId, configuresSite);
    await assertSiteAndUnique(tx, actor, input, settingsId);
    const [row] = await tx
      .update(sevisSettings)
      .set({ ...settingsValues(input), updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(sevisSettings.id, settingsId))
      .returning();
    if (!row) throw notFound();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'sevis_settings',
      entityId: row.id,
      action: 'sevis.settings-changed',
      before: settingsValues({ ...before, programKind: before.programKind as 'F' | 'J' }),
      after: settingsValues(input),
      ip: ctx.ip,
    });
    return presentSevisSettings(tx, actor, row);
  });
}
