import { identityLinksApi as A } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { conflict, fieldError, forbidden, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { linkScholarAccount, setScholarEmployeeId, unlinkScholarAccount } from '../../scholars/index.js';
import { linkStudentAccount, setStudentCampusId, unlinkStudentAccount } from '../../students/index.js';
import { reachesAccount, reachesRecord } from '../identity-link.policy.js';
import { presentAccount } from '../identity-link.presenter.js';
import { accountsByIds, KIND_OF, type TAccountRow } from '../queries/accounts.query.js';
import { recordById } from '../queries/records.query.js';
import { ssoFactsQuery } from '../queries/sso.query.js';

/*
 * One account's link, changed from its row of the Integrated User Tool (docs/product/integrated-user-tool.md#one-account):
 * the orchestration is here, each write is the owning module's (students: the record's SIS id and account;
 * scholars: the scholar's HR id and account), with its own reach check and audit event, in one transaction.
 */

const M = A.MSG_IDENTITY_LINKS;

/** The account, in the caller's reach: 404 when they may not see it (existence must not leak), 403 when only see it. */
async function loadAccount(tx: TTx, ctx: TContext, userId: string): Promise<TAccountRow> {
  const actor = requireActor(ctx);
  const [a] = await accountsByIds(tx, [userId]);
  if (!a || !reachesAccount(actor, a, 'view')) throw notFound();
  if (!reachesAccount(actor, a, 'edit')) throw forbidden();
  return a;
}

async function present(tx: TTx, userId: string): Promise<A.TIdentityLinkRow> {
  const [a] = await accountsByIds(tx, [userId]);
  return presentAccount(a!, await ssoFactsQuery(tx));
}

/** Sets, changes or (empty) removes the SIS id or HR employee id of the account's record. */
export function setExternalId(ctx: TContext, userId: string, input: A.TSetExternalIdInput): Promise<A.TIdentityLinkRow> {
  return ctx.db(async (tx) => {
    const a = await loadAccount(tx, ctx, userId);
    const value = input.externalId || null;
    if (a.role === 'ISSSstudent') {
      if (!a.profileId) throw fieldError('externalId', M.noRecord, 409);
      await setStudentCampusId(tx, ctx, a.profileId, value);
    } else {
      if (!a.scholarId) throw fieldError('externalId', M.noRecord, 409);
      await setScholarEmployeeId(tx, ctx, a.scholarId, value);
    }
    return present(tx, userId);
  });
}

/** Links an account without a record to a record of its kind without an account. */
export function linkRecord(ctx: TContext, userId: string, input: A.TLinkRecordInput): Promise<A.TIdentityLinkRow> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const a = await loadAccount(tx, ctx, userId);
    if (a.profileId || a.scholarId) throw fieldError('recordId', M.alreadyLinked, 409);
    const kind = KIND_OF[a.role]!;
    const record = await recordById(tx, kind, input.recordId);
    if (!record || !reachesRecord(actor, record, 'view')) {
      const other = await recordById(tx, kind === 'student' ? 'scholar' : 'student', input.recordId);
      throw fieldError('recordId', other && reachesRecord(actor, other, 'view') ? M.wrongKind : M.recordNotFound);
    }
    if (record.userId) throw conflict(M.recordTaken, { recordId: [M.recordTaken] });
    const account = { id: a.userId, userName: a.userName };
    if (kind === 'student') await linkStudentAccount(tx, ctx, record.id, account);
    else await linkScholarAccount(tx, ctx, record.id, account);
    return present(tx, userId);
  });
}

/** Unlinks an account from its record; both stay. */
export function unlinkRecord(ctx: TContext, userId: string): Promise<A.TIdentityLinkRow> {
  return ctx.db(async (tx) => {
    const a = await loadAccount(tx, ctx, userId);
    if (a.profileId) await unlinkStudentAccount(tx, ctx, a.profileId);
    else if (a.scholarId) await unlinkScholarAccount(tx, ctx, a.scholarId);
    else throw conflict(M.noRecord);
    return present(tx, userId);
  });
}
