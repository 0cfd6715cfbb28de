import { eq } from 'drizzle-orm';
import { canActOnSite } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import { forbidden, notFound } from '../../../../platform/errors/app-error.js';
import type { TAuthenticatedActor } from '../../../../platform/http/context.js';
import { sevisPendingEvents, studentProfiles } from '../../../students/index.js';

export const NOT_EVENT_OFFICER = "Only the record's campus site SEVIS officers and super users can send again or cancel its SEVIS updates.";

/**
 * The update's record is one the actor is a SEVIS officer of (an officer of its campus site) or a
 * super user (docs/product/sevis-batches.md#fixing-what-did-not-go-through); 404 when there is no such update.
 */
export async function assertEventOfficer(tx: TTx, actor: TAuthenticatedActor, eventId: string): Promise<void> {
  const [row] = /^[0-9a-f-]{36}$/i.test(eventId)
    ? await tx
        .select({ siteId: studentProfiles.campusSiteId })
        .from(sevisPendingEvents)
        .innerJoin(studentProfiles, eq(studentProfiles.id, sevisPendingEvents.profileId))
        .where(eq(sevisPendingEvents.id, eventId))
    : [];
  if (!row) throw notFound();
  const ok = row.siteId === null ? !!actor.staff?.isSuper : canActOnSite(actor.staff, row.siteId);
  if (!ok) throw forbidden(NOT_EVENT_OFFICER);
}
