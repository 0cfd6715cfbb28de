import { type studentsApi as S } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../../platform/db/database.js';
import { badRequest } from '../../../../platform/errors/app-error.js';
import { type TContext } from '../../../../platform/http/context.js';
import { studentSitesOfActivity } from '../../schema.js';
import { insertStudentRecord, type TRecordExtras } from '../insert-student-record.js';
import { auditSite, siteSevisPayload } from '../site-fields.js';
import { raiseEvent } from './raise-event.js';

export interface TCreateExchangeVisitorInput extends TRecordExtras {
  record: z.output<typeof S.ZStudentCreateInput>;
  /** The primary site of activity (SEVIS needs at least one on a Create). */
  site: z.output<typeof S.ZSiteOfActivityInput>;
}

/**
 * Another module's exchange visitor (the scholars office's J-1 scholar,
 * docs/product/scholars-office.md#exchange-visitor-record) becomes a J-1 record here, in the caller's
 * transaction: the record, its primary site of activity, and the pending SEVIS Create that carries
 * both (CreateEV/AddSiteOfActivity). A record that already has a SEVIS id raises the site's update instead.
 */
export async function createExchangeVisitor(
  tx: TTx,
  ctx: TContext,
  input: TCreateExchangeVisitorInput,
): Promise<{ profileId: string; sevisId: string | null }> {
  if (input.record.visaType !== 'J-1') throw badRequest('An exchange visitor record is a J-1 record.');
  const p = await insertStudentRecord(tx, ctx, input.record, input);
  const [s] = await tx
    .insert(studentSitesOfActivity)
    .values({ institutionId: ctx.institutionId, profileId: p.id, ...input.site, isPrimary: true })
    .returning();
  if (p.sevisId)
    await raiseEvent(tx, ctx, {
      profileId: p.id,
      eventType: 'SiteOfActivity',
      action: 'Add',
      merge: false,
      payload: { siteId: s!.id, ...siteSevisPayload(s!, p) },
    });
  await auditSite(tx, ctx, p.id, 'student.site-of-activity.added', null, { siteId: s!.id, name: s!.name, isPrimary: true });
  return { profileId: p.id, sevisId: p.sevisId };
}
