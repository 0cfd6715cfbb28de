import { eq, inArray } from 'drizzle-orm';
import { actionsFrom, type TRequestAction, type TRequestDetail, type TRequestStatus, type TRequestSummary } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../platform/http/context.js';
import { campusSites, departments, users } from '../people/index.js';
import { canAccessRequest, staffReaches, type TRequestRow } from './request.policy.js';
import { chains, describeRequests, kindOf, type TRequestDescription } from './extensions.js';
import { requestQuestionnaireIds } from './questionnaires.js';
import { requestTypes } from './schema.js';

type TUser = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email'>;
export const personRef = (u: TUser | null | undefined) =>
  u ? { userId: u.id, name: `${u.firstName} ${u.lastName}`.trim(), email: u.email } : null;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the caller may do with the request now: the state machine filtered by who they are. */
export function allowedActions(actor: TAuthenticatedActor, r: TRequestRow): TRequestAction[] {
  const out: TRequestAction[] = [];
  const status = r.status as TRequestStatus;
  const own = r.requesterUserId === actor.userId || r.subjectUserId === actor.userId;
  if (own && !r.isLocked) out.push(...actionsFrom(status, 'requester'));
  if (staffReaches(actor, r)) out.push(...actionsFrom(status, 'staff'));
  return out;
}

export async function loadUsers(tx: TTx, ids: (string | null)[]): Promise<Map<string, TUser>> {
  const list = [...new Set(ids.filter((x): x is string => !!x))];
  if (list.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, list));
  return new Map(rows.map((u) => [u.id, u]));
}

/**
 * Row to the list shape. The person it is about: what its kind says (a scholar not yet invited), else its
 * subject's account, else its requester (a department's own request is about the department's user).
 */
export function summaryOf(
  r: TRequestRow,
  type: { code: string; name: string },
  people: Map<string, TUser>,
  description: TRequestDescription = {},
): TRequestSummary {
  const requester = people.get(r.requesterUserId);
  const subjectUser = r.subjectUserId ? people.get(r.subjectUserId) : undefined;
  const nameOf = (u: TUser | undefined) => (u ? `${u.firstName} ${u.lastName}`.trim() : '');
  const subject = description.subject ?? (subjectUser ? { name: nameOf(subjectUser), email: subjectUser.email } : null);
  return {
    id: r.id,
    number: r.number,
    typeCode: type.code,
    typeName: type.name,
    status: r.status as TRequestStatus,
    reviewStatus: r.reviewStatus,
    subjectName: subject?.name ?? nameOf(requester),
    subjectEmail: subject ? subject.email : (requester?.email ?? ''),
    requesterName: requester ? `${requester.firstName} ${requester.lastName}` : '',
    requesterEmail: requester?.email ?? '',
    case: description.case ?? null,
    assignedTo: personRef(r.assignedToUserId ? people.get(r.assignedToUserId) : null),
    isLocked: r.isLocked,
    submittedAt: iso(r.submittedAt),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Rows with their types to the list shape: their people in one query, their kinds' descriptions in one per kind. */
export async function summariesOf(tx: TTx, rows: { r: TRequestRow; code: string; name: string }[]): Promise<TRequestSummary[]> {
  const people = await loadUsers(
    tx,
    rows.flatMap(({ r }) => [r.requesterUserId, r.subjectUserId, r.assignedToUserId]),
  );
  const described = await describeRequests(tx, rows);
  return rows.map(({ r, code, name }) => summaryOf(r, { code, name }, people, described.get(r.id)));
}

/** Row to the detail shape, with the caller's abilities on it. */
export async function presentRequest(tx: TTx, actor: TAuthenticatedActor, r: TRequestRow): Promise<TRequestDetail> {
  const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.id, r.requestTypeId));
  const people = await loadUsers(tx, [r.requesterUserId, r.subjectUserId, r.assignedToUserId, r.advisorUserId]);
  const [site] = r.campusSiteId ? await tx.select().from(campusSites).where(eq(campusSites.id, r.campusSiteId)) : [];
  const [dept] = r.departmentId ? await tx.select().from(departments).where(eq(departments.id, r.departmentId)) : [];
  const lastRound = await chains().latestRound(tx, r.id);
  const kind = kindOf(type!.code, r);
  const dataLabels = kind?.describeData ? await kind.describeData(tx, r, type!.code) : {};
  const described = await describeRequests(tx, [{ r, code: type!.code }]);
  return {
    ...summaryOf(r, type!, people, described.get(r.id)),
    requestTypeId: r.requestTypeId,
    requester: personRef(people.get(r.requesterUserId))!,
    advisor: personRef(r.advisorUserId ? people.get(r.advisorUserId) : null),
    campusSiteId: r.campusSiteId,
    campusSiteName: site?.name ?? null,
    departmentName: dept?.name ?? null,
    statusMessage: r.statusMessage,
    decidedAt: iso(r.decidedAt),
    createdAt: r.createdAt.toISOString(),
    questionnaireIds: await requestQuestionnaireIds(tx, r.id, type!.questionnaireIds),
    documentIds: type!.documentIds,
    allowedActions: allowedActions(actor, r),
    approverCheck: await chains().check(tx, r.id, type!.workflowId),
    canEdit: canAccessRequest(actor, r, 'write'),
    canProcess: canAccessRequest(actor, r, 'process'),
    approvals: lastRound.map((a) => ({
      id: a.id,
      ordinal: a.ordinal,
      approverName: a.approverName,
      status: a.status,
      comment: a.comment,
      decidedAt: iso(a.decidedAt),
    })),
    profileId: r.profileId,
    data: r.data ?? {},
    ...(Object.keys(dataLabels).length ? { dataLabels } : {}),
  };
}

/** What the audit trail keeps of a request. */
export const auditShape = (r: TRequestRow) => ({
  status: r.status,
  reviewStatus: r.reviewStatus,
  assignedToUserId: r.assignedToUserId,
  isLocked: r.isLocked,
  advisorUserId: r.advisorUserId,
  statusMessage: r.statusMessage || undefined,
});
