import { and, asc, desc, eq } from 'drizzle-orm';
import { scholarsApi, visaOfProcessedState } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { departments, users } from '../../people/index.js';
import { requests } from '../../requests/index.js';
import { approvals, workflows } from '../../workflows/index.js';
import type { TCaseRow, TScholarRow } from '../scholar.policy.js';
import { departmentConfigs, scholarStatusHistory } from '../schema.js';
import { STATUS_HISTORY_ORDER } from '../status-history-order.js';
import { readAccountSettings } from '../account-settings.js';

type TDeptCase = scholarsApi.TDeptCase;
const SPONSOR_EDITABLE = new Set(['draft', 'rejected']);

/** One line of the department's list. */
export function summaryOfCase(c: TCaseRow, s: TScholarRow, hasAccount: boolean): scholarsApi.TDeptCaseSummary {
  return {
    applicationId: c.id,
    scholarId: s.id,
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    proposedStatus: c.proposedStatus,
    proposedStartDate: c.proposedStartDate,
    proposedEndDate: c.proposedEndDate,
    position: c.position,
    sponsorshipState: c.sponsorshipState,
    processedState: c.processedState,
    phase: c.phase,
    status: c.status,
    statusText: scholarsApi.caseStatusInWords(c),
    isInvited: !!s.userId,
    hasAccount,
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The department's sponsorship workflow (active, the department's own), or null: then sending goes straight to the office. */
export async function sponsorshipWorkflowOf(tx: TTx, departmentId: string) {
  const [cfg] = await tx.select().from(departmentConfigs).where(eq(departmentConfigs.departmentId, departmentId));
  if (!cfg?.sponsorshipWorkflowId) return null;
  const [w] = await tx
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, cfg.sponsorshipWorkflowId), eq(workflows.departmentId, departmentId)));
  return w ?? null;
}

/**
 * The department's view of a case. The office's H-1B/O-1 information (officeData) is included only
 * when the account settings show it to departments: otherwise it never leaves the server.
 */
export async function presentDeptCase(tx: TTx, c: TCaseRow, s: TScholarRow): Promise<TDeptCase> {
  const [dept] = await tx.select({ name: departments.name }).from(departments).where(eq(departments.id, c.departmentId));
  const [request] = c.sponsorshipRequestId ? await tx.select().from(requests).where(eq(requests.id, c.sponsorshipRequestId)) : [];
  const [account] = s.userId ? await tx.select().from(users).where(eq(users.id, s.userId)) : [];
  const chain = c.sponsorshipRequestId
    ? await tx
        .select()
        .from(approvals)
        .where(eq(approvals.requestId, c.sponsorshipRequestId))
        .orderBy(desc(approvals.createdAt), asc(approvals.ordinal))
    : [];
  // The latest chain only: approvals of one sending share its creation moment.
  const latest = chain.length
    ? chain.filter((a) => a.createdAt.getTime() === chain[0]!.createdAt.getTime()).sort((a, b) => a.ordinal - b.ordinal)
    : [];
  const rejected = latest.find((a) => a.status === 'rejected');
  const history = await tx
    .select()
    .from(scholarStatusHistory)
    .where(eq(scholarStatusHistory.applicationId, c.id))
    .orderBy(...STATUS_HISTORY_ORDER);
  const workflow = await sponsorshipWorkflowOf(tx, c.departmentId);
  const settings = await readAccountSettings(tx);
  const visa = visaOfProcessedState(c.processedState);
  const officeInformation =
    visa === 'H-1B' && settings.h1bInfoVisibleToDept
      ? { kind: 'H-1B' as const, data: c.officeData }
      : visa === 'O-1' && settings.o1InfoVisibleToDept
        ? { kind: 'O-1' as const, data: c.officeData }
        : null;
  const editable = SPONSOR_EDITABLE.has(c.sponsorshipState);
  const hasAccount = !!account && (account.passwordHash !== null || account.lastLoginAt !== null);
  return {
    ...summaryOfCase(c, s, hasAccount),
    departmentName: dept?.name ?? '',
    hiringAuthorityName: c.hiringAuthorityName,
    hiringAuthorityEmail: c.hiringAuthorityEmail,
    sponsorshipRequestId: c.sponsorshipRequestId,
    requestNumber: request?.number ?? null,
    rejectionReason:
      c.sponsorshipState === 'rejected' ? (rejected ? `${rejected.approverName}: ${rejected.comment || 'no reason given'}` : '') : '',
    workflowName: workflow?.name ?? null,
    approvals: latest.map((a) => ({
      ordinal: a.ordinal,
      approverName: a.approverName,
      status: a.status,
      comment: a.comment,
      decidedAt: a.decidedAt?.toISOString() ?? null,
    })),
    statusHistory: history.map((h) => ({
      id: h.id,
      phase: h.phase,
      phaseLabel: scholarsApi.scholarPhaseLabel(h.phase),
      status: h.status,
      statusLabel: scholarsApi.scholarStatusLabel(h.status),
      changeDate: h.changeDate,
      recordedAt: h.createdAt.toISOString(),
      referenceNumber: h.referenceNumber,
      changeReason: h.changeReason,
    })),
    officeInformation,
    version: c.version,
    canEdit: editable,
    canSend: editable,
    canInvite: !hasAccount && c.sponsorshipState !== 'ineligible',
  };
}
