import { sevisApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { fieldError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { sevisSettings } from '../../schema.js';
import { assertSiteAndUnique, presentSevisSettings, type TSevisSettingsFields, settingsValues } from '../sevis-settings-fields.js';

/** Adds the SEVIS settings of a campus site and program kind (super users, officers of that site). */
export async function createSevisSettings(ctx: TContext, input: TSevisSettingsFields): Promise<sevisApi.TSevisSettings> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await assertSiteAndUnique(tx, actor, input);
    const [row] = await tx
      .insert(sevisSettings)
      .values({ institutionId: ctx.institutionId, ...settingsValues(input), updatedBy: actor.userId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldError('programKind', sevisApi.SEVIS_MSG.duplicateSettings, 409);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'sevis_settings',
      entityId: row.id,
      action: 'sevis.settings-created',
      after: settingsValues(input),
      ip: ctx.ip,
    });
    return presentSevisSettings(tx, actor, row);
  });
}
