import { randomUUID } from 'node:crypto';
import { identityLinksApi as A } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { linkScholarAccount, setScholarEmployeeId } from '../../scholars/index.js';
import { linkStudentAccount, setStudentCampusId } from '../../students/index.js';
import { readBulkFile, type TBulkFileRow } from '../bulk-file.js';
import { reachesAccount, reachesRecord } from '../identity-link.policy.js';
import { accountsByNames, KIND_OF, type TAccountRow } from '../queries/accounts.query.js';
import { recordsByExternalIds, type TRecordRow } from '../queries/records.query.js';

/*
 * Bulk link (docs/product/integrated-user-tool.md#bulk-link): a file of accounts and ids, previewed (nothing
 * written), then applied all or nothing in one transaction: checked again as it is applied, and refused whole
 * when any row is a conflict, an account not found or a row that cannot be read.
 */

const M = A.MSG_IDENTITY_LINKS;
const BLOCKING: ReadonlySet<A.TBulkLinkOutcome> = new Set(['conflict', 'not-found', 'invalid']);

type TAction = {
  type: 'set' | 'link';
  kind: A.TIdentityLinkKind;
  recordId: string;
  value: string;
  account: { id: string; userName: string };
};
type TPlanRow = A.TBulkLinkRow & { action?: TAction };

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || '(no name)';
const takenMessage = (kind: A.TIdentityLinkKind, name: string | null) =>
  kind === 'student' ? M.studentIdTaken(name) : M.scholarIdTaken(name);

/** What each row would do, against the records as they are now in this transaction. */
async function planRows(tx: TTx, actor: TAuthenticatedActor, rows: TBulkFileRow[]): Promise<TPlanRow[]> {
  const lower = (s: string) => s.toLowerCase();
  const names = [...new Set(rows.map((r) => lower(r.userName || r.email)).filter(Boolean))];
  const accounts = await accountsByNames(tx, names);
  const byUserName = new Map(accounts.map((a) => [lower(a.userName), a]));
  const byEmail = new Map<string, TAccountRow[]>();
  for (const a of accounts) byEmail.set(lower(a.email), [...(byEmail.get(lower(a.email)) ?? []), a]);
  const holders = new Map<string, TRecordRow>();
  for (const kind of A.IDENTITY_LINK_KINDS) {
    const ids = [...new Set(rows.map((r) => (kind === 'student' ? r.campusId : r.employeeId)).filter(Boolean))];
    for (const rec of await recordsByExternalIds(tx, kind, ids)) holders.set(`${kind}:${rec.externalId}`, rec);
  }
  const seenAccount = new Map<string, number>();
  const seenId = new Map<string, number>();

  return rows.map((r): TPlanRow => {
    const account = r.userName || r.email;
    const externalId = r.campusId || r.employeeId;
    const row: TPlanRow = {
      rowNo: r.rowNo,
      account,
      externalId,
      outcome: 'invalid',
      kind: null,
      accountName: null,
      recordName: null,
      previousId: null,
      message: '',
    };
    const stop = (outcome: A.TBulkLinkOutcome, message: string): TPlanRow => Object.assign(row, { outcome, message });
    if (!account) return stop('invalid', 'Give the account: email or user_name.');
    if (r.campusId && r.employeeId) return stop('invalid', 'Give one id: campus_id or employee_id, not both.');
    if (!externalId) return stop('invalid', 'Give the id: campus_id (students) or employee_id (scholars).');
    if (!A.ZExternalId.safeParse(externalId).success) return stop('invalid', M.externalIdFormat);

    let a: TAccountRow | undefined;
    if (r.userName) a = byUserName.get(lower(r.userName));
    else {
      const found = byEmail.get(lower(r.email)) ?? [];
      if (found.filter((x) => reachesAccount(actor, x, 'view')).length > 1)
        return stop('conflict', 'More than one account has this e-mail address: use user_name.');
      a = found[0];
    }
    if (!a || !reachesAccount(actor, a, 'view'))
      return stop('not-found', `No student or scholar account you may link has this ${r.userName ? 'user name' : 'e-mail address'}.`);
    const kind = KIND_OF[a.role]!;
    Object.assign(row, { kind, accountName: nameOf(a.firstName, a.lastName) });
    if ((kind === 'student' && !r.campusId) || (kind === 'scholar' && !r.employeeId))
      return stop('invalid', `A ${kind} account takes ${kind === 'student' ? 'campus_id' : 'employee_id'}.`);
    if (!reachesAccount(actor, a, 'edit')) return stop('conflict', 'You may not change the record of this account.');
    const accountRow = seenAccount.get(a.userId);
    if (accountRow) return stop('conflict', `This account is also on row ${accountRow}.`);
    seenAccount.set(a.userId, r.rowNo);
    const idRow = seenId.get(`${kind}:${externalId}`);
    if (idRow) return stop('conflict', `This ${A.EXTERNAL_ID_LABELS[kind]} is also on row ${idRow}.`);
    seenId.set(`${kind}:${externalId}`, r.rowNo);

    const holder = holders.get(`${kind}:${externalId}`);
    const holderName = holder && reachesRecord(actor, holder, 'view') ? nameOf(holder.firstName, holder.lastName) : null;
    const current =
      kind === 'student'
        ? a.profileId && { id: a.profileId, name: nameOf(a.profileFirstName, a.profileLastName), value: a.campusId }
        : a.scholarId && { id: a.scholarId, name: nameOf(a.scholarFirstName, a.scholarLastName), value: a.employeeId };
    const who = { id: a.userId, userName: a.userName };
    if (current) {
      Object.assign(row, { recordName: current.name, previousId: current.value });
      if (current.value === externalId) return stop('already', 'Already linked.');
      if (holder && holder.id !== current.id) return stop('conflict', takenMessage(kind, holderName));
      row.action = { type: 'set', kind, recordId: current.id, value: externalId, account: who };
      return stop(
        'change',
        current.value ? `Changes the ${A.EXTERNAL_ID_LABELS[kind]} from ${current.value}.` : `Sets the ${A.EXTERNAL_ID_LABELS[kind]}.`,
      );
    }
    if (!holder)
      return stop(
        'not-found',
        `No ${kind} record has this ${A.EXTERNAL_ID_LABELS[kind]}: set it on the record, or link the account by hand.`,
      );
    if (!holderName) return stop('conflict', takenMessage(kind, null));
    row.recordName = holderName;
    if (holder.userId) return stop('conflict', M.recordTaken);
    if (!reachesRecord(actor, holder, 'edit')) return stop('conflict', 'You may not change this record.');
    row.action = { type: 'link', kind, recordId: holder.id, value: externalId, account: who };
    return stop('change', 'Links the account to this record.');
  });
}

function countsOf(rows: TPlanRow[]): Record<A.TBulkLinkOutcome, number> {
  const counts = Object.fromEntries(A.BULK_LINK_OUTCOMES.map((o) => [o, 0])) as Record<A.TBulkLinkOutcome, number>;
  for (const r of rows) counts[r.outcome] += 1;
  return counts;
}

const publicRow = ({ action: _action, ...row }: TPlanRow): A.TBulkLinkRow => row;

/** What the file would change; nothing is written. */
export async function previewBulkLink(ctx: TContext, file: { fileName: string; data: Buffer }): Promise<A.TBulkLinkPreview> {
  const actor = requireActor(ctx);
  const rows = await readBulkFile(file.fileName, file.data);
  return ctx.db(async (tx) => {
    const plan = await planRows(tx, actor, rows);
    const counts = countsOf(plan);
    const blocked = plan.some((r) => BLOCKING.has(r.outcome));
    return { fileName: file.fileName, counts, canApply: !blocked && counts.change > 0, rows: plan.map(publicRow) };
  });
}

/** Applies the file in one transaction, all or nothing: each change through its record's module, then one summary event. */
export async function applyBulkLink(ctx: TContext, file: { fileName: string; data: Buffer }): Promise<A.TBulkLinkApplied> {
  const actor = requireActor(ctx);
  const rows = await readBulkFile(file.fileName, file.data);
  return ctx.db(async (tx) => {
    const plan = await planRows(tx, actor, rows);
    const blocked = plan.filter((r) => BLOCKING.has(r.outcome));
    if (blocked.length) {
      const fieldErrors = { file: blocked.slice(0, 100).map((r) => `Row ${r.rowNo}: ${r.message}`) };
      throw new AppError(409, 'CONFLICT', M.notApplied(blocked.length), fieldErrors);
    }
    const batch = randomUUID();
    const source = `integrated-user-tool bulk link ${batch}`;
    let changed = 0;
    for (const { action } of plan) {
      if (!action) continue;
      const field = 'file';
      if (action.kind === 'student') {
        if (action.type === 'link') await linkStudentAccount(tx, ctx, action.recordId, action.account, { source });
        await setStudentCampusId(tx, ctx, action.recordId, action.value, { field, source });
      } else {
        if (action.type === 'link') await linkScholarAccount(tx, ctx, action.recordId, action.account, { source });
        await setScholarEmployeeId(tx, ctx, action.recordId, action.value, { field, source });
      }
      changed += 1;
    }
    const already = plan.filter((r) => r.outcome === 'already').length;
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'identity_link_import',
      entityId: batch,
      action: 'identity-links.bulk-applied',
      after: { fileName: file.fileName.slice(0, 200), rows: plan.length, changed, already },
      ip: ctx.ip,
    });
    return { changed, already };
  });
}
