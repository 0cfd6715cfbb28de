import { type studentsApi as S } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../../platform/db/database.js';
import { badRequest } from '../../../../platform/errors/app-error.js';
import { type TContext } from '../../../../platform/http/context.js';
import { studentSitesOfActivity } from '../../schema.js';
import { insertDependent, type TDependentFields } from '../dependent-fields.js';
import { insertStudentRecord, type TRecordExtras } from '../insert-student-record.js';
import { auditSite, siteSevisPayload } from '../site-fields.js';
import { raiseEvent } from './raise-event.js';

export interface TCreateExchangeVisitorInput extends TRecordExtras {
  record: z.output<typeof S.ZStudentCreateInput>;
  /** The primary site of activity (SEVIS needs at least one on a Create). */
  site: z.output<typeof S.ZSiteOfActivityInput>;
  /** J-2 dependents coming along (each with its DS-2019 purpose): checked with the dependents' SEVIS rules, carried by the Create. */
  dependents?: TDependentFields[];
}

/**
 * Another module's exchange visitor (the scholars office's J-1 scholar,
 * docs/product/scholars-office.md#exchange-visitor-record) becomes a J-1 record here, in the caller's
 * transaction: the record, its primary site of activity, its J-2 dependents, and the pending SEVIS Create
 * that carries them (CreateEV/AddSiteOfActivity, CreateDependent). A record that already has a SEVIS id
 * raises the site's and the dependents' updates instead (SiteOfActivity/Add, Dependent/Add).
 */
export async function createExchangeVisitor(
  tx: TTx,
  ctx: TContext,
  input: TCreateExchangeVisitorInput,
): Promise<{ profileId: string; sevisId: string | null; dependentIds: string[] }> {
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
  const dependentIds: string[] = [];
  // One after the other: the one-spouse rule (SEVIS S2119) counts the ones added before.
  for (const d of input.dependents ?? []) dependentIds.push((await insertDependent(tx, ctx, p, d)).id);
  return { profileId: p.id, sevisId: p.sevisId, dependentIds };
}
