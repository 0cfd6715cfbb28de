import { and, eq, ne } from 'drizzle-orm';
import { sevisApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../platform/db/database.js';
import { fieldError } from '../../../platform/errors/app-error.js';
import { type TAuthenticatedActor } from '../../../platform/http/context.js';
import { campusSites } from '../../people/index.js';
import { sevisSettings } from '../schema.js';
import { configuresSite, formatBatchId, nextBatchNumber, type TSettingsRow } from '../settings-scope.js';

/** What SEVIS settings are saved from. */
export type TSevisSettingsFields = z.output<typeof sevisApi.ZSevisSettingsInput>;

/** SEVIS settings as the API shows them, with their campus site's name and what the caller may do. */
export async function presentSevisSettings(
  tx: TTx,
  actor: TAuthenticatedActor,
  row: TSettingsRow,
  siteName?: string,
): Promise<sevisApi.TSevisSettings> {
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

/** SEVIS settings are for a site the caller configures, one per site and program kind (400 otherwise). */
export async function assertSiteAndUnique(
  tx: TTx,
  actor: TAuthenticatedActor,
  input: TSevisSettingsFields,
  exceptId?: string,
): Promise<void> {
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

/** The columns SEVIS settings are saved to. */
export const settingsValues = (input: TSevisSettingsFields) => ({
  campusSiteId: input.campusSiteId,
  programKind: input.programKind,
  orgId: input.orgId,
  officialName: input.officialName,
  officialSevisUserId: input.officialSevisUserId,
  startingBatchNumber: input.startingBatchNumber,
  isAutoBatch: input.isAutoBatch,
  isActive: input.isActive,
});
