import { and, eq } from 'drizzle-orm';
import type { scholarsApi, TRequestDetail } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError, badRequest, forbidden } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { loadSettings } from '../../../institutions/index.js';
import { notify } from '../../../notifications/index.js';
import { users } from '../../../people/index.js';
import { auditShape, openRequest, presentRequest, requestTypes } from '../../../requests/index.js';
import { canAccessCase, getAccessibleCase } from '../../scholar.policy.js';
import { NOT_FOR_SCHOLAR, startableOnCase } from '../startable-types.js';

export const MSG_MAY_NOT_START = 'Only office staff who edit or process this case start requests for its scholar.';
export const MSG_NO_ACCOUNT =
  'This scholar has no portal account yet. Invite them to the portal first: a request is about the scholar it names, who completes it.';
export const MSG_NOT_CURRENT = "This is not the scholar's current case: start requests from their latest case, which they change.";

/**
 * The case a request is started from: office staff whose scholar area edits or processes it (docs/product/people.md#scholar-area-permission),
 * or a user of its hiring department; 404 when the caller may not read the case at all.
 */
export async function caseForStarting(tx: TTx, ctx: TContext, applicationId: string, by: 'office' | 'department') {
  const actor = requireActor(ctx);
  const found = await getAccessibleCase(tx, ctx, applicationId, 'read');
  const may =
    by === 'office'
      ? canAccessCase(actor, found.c, found.scholar, 'edit') || canAccessCase(actor, found.c, found.scholar, 'process')
      : actor.role === 'department' && found.c.departmentId === actor.departmentId;
  if (!may) throw forbidden(MSG_MAY_NOT_START);
  return found;
}

/**
 * Starts a draft request about a case's scholar (docs/product/scholars-office.md#start-a-request). The office
 * starts it on the scholar's behalf: the scholar is its requester and completes and submits it, and is told so;
 * a department starts it as its own request about its scholar. Either way the scholar is the request's subject,
 * which ties it to their case; the History Log shows who started it.
 */
export async function startRequestForScholar(
  ctx: TContext,
  applicationId: string,
  input: scholarsApi.TStartForScholarInput,
  by: 'office' | 'department',
): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { c, scholar } = await caseForStarting(tx, ctx, applicationId, by);
    if (!scholar.userId) throw new AppError(409, 'NO_PORTAL_ACCOUNT', MSG_NO_ACCOUNT);
    if (scholar.currentApplicationId !== c.id) throw new AppError(409, 'NOT_CURRENT_CASE', MSG_NOT_CURRENT);
    const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.id, input.requestTypeId));
    if (!type || !startableOnCase(by, c)(type)) throw badRequest(NOT_FOR_SCHOLAR, { requestTypeId: [NOT_FOR_SCHOLAR] });
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, scholar.userId), eq(users.isActive, true)));
    if (!account) throw new AppError(409, 'INACTIVE', "This scholar's portal account is deactivated.");
    const row = await openRequest(tx, ctx, {
      type: { id: type.id },
      requesterUserId: by === 'office' ? scholar.userId : actor.userId,
      subjectUserId: scholar.userId,
      campusSiteId: c.campusSiteId,
      departmentId: c.departmentId,
      title: type.name,
    });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: row.id,
      action: 'request.created',
      after: {
        ...auditShape(row),
        type: type.code,
        number: row.number,
        scholarApplicationId: c.id,
        ...(by === 'office' ? { startedByOffice: true } : { startedByDepartment: true }),
      },
      ip: ctx.ip,
    });
    if (by === 'office') {
      const base = (await loadSettings(tx, ctx.institutionId)).publicBaseUrl.replace(/\/+$/, '');
      const text = `The international office started a ${type.name} request (#${row.number}) for you. Please complete and submit it.`;
      await notify(tx, ctx, {
        userIds: [scholar.userId],
        text,
        typeName: 'request.started-for-you',
        requestId: row.id,
        scholarId: scholar.id,
        scholarApplicationId: c.id,
        email: {
          subject: `Request #${row.number}: please complete it`,
          text: `${text}\n\nSign in to the portal to complete it: ${base}/\n`,
        },
      });
    }
    return presentRequest(tx, actor, row);
  });
}
