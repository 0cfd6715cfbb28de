import { eq } from 'drizzle-orm';
import { scholarsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { badRequest, conflict, forbidden } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { lookupStatuses, lookupValuesByCode } from '../../../lookups/index.js';
import { createExchangeVisitor, staffReachesProfile } from '../../../students/index.js';
import { scholarApplications } from '../../schema.js';
import {
  MSG_CASE_INCOMPLETE,
  caseRecordChecks,
  caseLookupChecks,
  caseScholarCategory,
  exchangeVisitorRecordOf,
} from '../exchange-visitor-record.js';
import { lockCaseForOffice, presentOfficeCase } from '../office-case.js';

export const MSG_NOT_J1 = 'Only a case processed as J-1 becomes an exchange visitor record.';
export const MSG_ALREADY_LINKED = 'This case already has its exchange visitor record.';
export const MSG_OTHER_SITE = "Only office staff of the case's campus site create its exchange visitor record.";

/**
 * The office makes a processed J-1 case an exchange visitor record in the students module, with the
 * application's family as J-2 dependents, which raises the SEVIS Create (CreateEV with the site of
 * activity and the dependents), and keeps the link on the case
 * (docs/product/scholars-office.md#exchange-visitor-record).
 */
export async function createCaseExchangeVisitor(ctx: TContext, applicationId: string, input: scholarsApi.TCaseExchangeVisitorInput) {
  const actor = requireActor(ctx);
  const body = scholarsApi.ZCaseExchangeVisitorInput.parse(input);
  return ctx.db(async (tx) => {
    const { c, scholar } = await lockCaseForOffice(tx, ctx, applicationId, body.version, 'process');
    if (c.campusSiteId !== null && !staffReachesProfile(actor, { campusSiteId: c.campusSiteId }, 'edit')) throw forbidden(MSG_OTHER_SITE);
    if (c.processedState !== 'J-1') throw badRequest(MSG_NOT_J1);
    if (c.exchangeVisitorProfileId) throw conflict(MSG_ALREADY_LINKED);
    // The program category the case's J-1 category is sent as: its attribute on the office's list, retired or not (the
    // case holds it); then the category, position and the J-2s' relationships and countries against the lists offered
    // today (docs/product/lookups.md#how-forms-use-the-lists).
    const category = caseScholarCategory(c);
    const categories = await lookupValuesByCode(tx, ctx, 'scholar-categories', [category]);
    const categoryEv = categories.get(category.toUpperCase())?.attributes.ev ?? '';
    const lookups = await lookupStatuses(tx, ctx, [...caseLookupChecks(c, body, categoryEv), ...caseRecordChecks(c, body, scholar)]);
    const built = exchangeVisitorRecordOf(c, scholar, body, ctx.today(), lookups, categoryEv);
    if ('errors' in built) throw badRequest(MSG_CASE_INCOMPLETE, built.errors);
    const ev = await createExchangeVisitor(tx, ctx, built.value);
    const [updated] = await tx
      .update(scholarApplications)
      .set({ exchangeVisitorProfileId: ev.profileId, version: c.version + 1, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(scholarApplications.id, c.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_application',
      entityId: c.id,
      action: 'scholar.exchange-visitor.created',
      after: {
        profileId: ev.profileId,
        sevisId: ev.sevisId,
        evCategoryCode: built.value.record.evCategoryCode,
        dependentIds: ev.dependentIds,
        ...(built.leftOut.length ? { dependentsLeftOut: built.leftOut } : {}),
      },
      ip: ctx.ip,
    });
    return presentOfficeCase(tx, actor, updated!, scholar);
  });
}
