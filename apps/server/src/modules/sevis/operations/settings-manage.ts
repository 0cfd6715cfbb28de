import { and, asc, eq, ne } from 'drizzle-orm';
import { sevisApi } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { fieldError, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { campusSites } from '../../people/index.js';
import { sevisSettings } from '../schema.js';
import { configuresSite, formatBatchId, getReachableSettings, nextBatchNumber, reachesSite, type TSettingsRow } from './settings-scope.js';

type TInput = z.output<typeof sevisApi.ZSevisSettingsInput>;

async function present(tx: TTx, actor: TAuthenticatedActor, row: TSettingsRow, siteName?: string): Promise<sevisApi.TSevisSettings> {
  const name =
    siteName ?? (await tx.select({ name: campusSites.name }).from(campusSites).where(eq(campusSites.id, row.campusSiteId)))[0]?.name ?? '';
  return {
    id: row.id,
    campusSiteId: row.campusSiteId,
    campusSiteName: name,
    programKind: row.programKind as 'F' | 'J',
    orgId: row.orgId,
    officialName: row.officialName,
    officialSevisUserId: row.officialSevisUserId,
    startingBatchNumber: row.startingBatchNumber,
    nextBatchId: formatBatchId(await nextBatchNumber(tx, row.institutionId, row.orgId, row.startingBatchNumber)),
    isAutoBatch: row.isAutoBatch,
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
    canEdit: configuresSite(actor, row.campusSiteId),
  };
}

/** The SEVIS settings of the sites the caller reaches, and the sites they may configure. */
export async function listSevisSettings(ctx: TContext): Promise<sevisApi.TSevisSettingsList> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx
      .select({ s: sevisSettings, siteName: campusSites.name })
      .from(sevisSettings)
      .innerJoin(campusSites, eq(campusSites.id, sevisSettings.campusSiteId))
      .orderBy(asc(campusSites.name), asc(sevisSettings.programKind));
    const items = [];
    for (const r of rows) if (reachesSite(actor, r.s.campusSiteId)) items.push(await present(tx, actor, r.s, r.siteName));
    const sites = (await tx.select({ id: campusSites.id, name: campusSites.name }).from(campusSites).orderBy(asc(campusSites.name))).filter(
      (s) => configuresSite(actor, s.id),
    );
    return { items, sites, canConfigure: sites.length > 0 };
  });
}

async function assertSiteAndUnique(tx: TTx, actor: TAuthenticatedActor, input: TInput, exceptId?: string): Promise<void> {
  const [site] = await tx.select({ id: campusSites.id }).from(campusSites).where(eq(campusSites.id, input.campusSiteId));
  if (!site || !configuresSite(actor, site.id)) throw fieldError('campusSiteId', 'Choose a campus site you manage');
  const [dup] = await tx
    .select({ id: sevisSettings.id })
    .from(sevisSettings)
    .where(
      and(
        eq(sevisSettings.campusSiteId, input.campusSiteId),
        eq(sevisSettings.programKind, input.programKind),
        exceptId ? ne(sevisSettings.id, exceptId) : undefined,
      ),
    );
  if (dup) throw fieldError('programKind', sevisApi.SEVIS_MSG.duplicateSettings, 409);
}

const values = (input: TInput) => ({
  campusSiteId: input.campusSiteId,
  programKind: input.programKind,
  orgId: input.orgId,
  officialName: input.officialName,
  officialSevisUserId: input.officialSevisUserId,
  startingBatchNumber: input.startingBatchNumber,
  isAutoBatch: input.isAutoBatch,
  isActive: input.isActive,
});

/** Adds the SEVIS settings of a campus site and program kind (super users, officers of that site). */
export async function createSevisSettings(ctx: TContext, input: TInput): Promise<sevisApi.TSevisSettings> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await assertSiteAndUnique(tx, actor, input);
    const [row] = await tx
      .insert(sevisSettings)
      .values({ institutionId: ctx.institutionId, ...values(input), updatedBy: actor.userId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldError('programKind', sevisApi.SEVIS_MSG.duplicateSettings, 409);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'sevis_settings',
      entityId: row.id,
      action: 'sevis.settings-created',
      after: values(input),
      ip: ctx.ip,
    });
    return present(tx, actor, row);
  });
}

/** Changes a site's SEVIS settings; another site's row answers 404. */
export async function updateSevisSettings(ctx: TContext, settingsId: string, input: TInput): Promise<sevisApi.TSevisSettings> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const before = await getReachableSettings(tx, actor, settingsId, configuresSite);
    await assertSiteAndUnique(tx, actor, input, settingsId);
    const [row] = await tx
      .update(sevisSettings)
      .set({ ...values(input), updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(sevisSettings.id, settingsId))
      .returning();
    if (!row) throw notFound();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'sevis_settings',
      entityId: row.id,
      action: 'sevis.settings-changed',
      before: values({ ...before, programKind: before.programKind as 'F' | 'J' }),
      after: values(input),
      ip: ctx.ip,
    });
    return present(tx, actor, row);
  });
}
