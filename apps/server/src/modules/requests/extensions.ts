import type { TApproverCheck, TRequestCase, TRole } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import type { TAuthenticatedActor, TContext } from '../../platform/http/context.js';
import type { TRequestRow } from './request.policy.js';
import type { requestTypes } from './schema.js';

/**
 * The case engine's extension points (docs/decisions/015-module-boundaries.md). The engine (requests,
 * with forms below it and workflows, attachments, comments above it) never imports the modules that
 * give requests their meaning; they register here, from the composition root (apps/server/src/modules.ts).
 */

export type TRequestTypeRow = typeof requestTypes.$inferSelect;

/** Where a new request of a requester belongs, and about which record (a student's own requests are about their record). */
export interface TRequesterFacts {
  campusSiteId?: number | null;
  departmentId?: string | null;
  /** The student record the request is about. */
  profileId?: string | null;
  /** The requester's visa type: a request type's visa scope must include it (null: no visa type to check). */
  visaType?: string | null;
}

/** What the engine learns when an approval chain ends on a request. */
export interface TApprovalOutcomeEvent {
  /** The request after the outcome was applied (status in_review, unlocked). */
  request: TRequestRow;
  outcome: 'approved' | 'rejected';
  approver: { userId: string | null; name: string; comment: string };
}

/** What the owner of a request says of it that only its records know: who it is about, and the case it belongs to. */
export interface TRequestDescription {
  /** The person the request is about, when the engine's subject (a portal account) cannot say: a scholar not yet invited. */
  subject?: { name: string; email: string };
  case?: TRequestCase;
}

/** A kind of request a module owns: the request types it gives meaning to, and what the engine asks of it. */
export interface TRequestKind {
  /** A short name for messages and diagnostics, e.g. 'student' or 'scholar'. */
  name: string;
  owns(typeCode: string): boolean;
  /**
   * Among the codes it owns, the requests that are this kind's where another kind owns the same code: a
   * scholar's Program Extension (about no student record) is the scholars module's, a student's the
   * students module's. A kind that claims a request is asked before one that owns its code only.
   */
  claims?(request: Pick<TRequestRow, 'profileId'>): boolean;
  /**
   * The owner moves these requests itself (it keeps a record of its own in step): the engine's generic
   * submit, cancel and staff moves refuse them with this message, which says where to go instead.
   */
  movedElsewhere?(typeCode: string): string | null;
  /**
   * Types of this kind only the office starts, from the record they are about (a student's termination): the engine's
   * own start refuses them and never offers them, whatever the type's configured starters say.
   */
  officeOnly?(typeCode: string): boolean;
  /** Field errors of the request's own form at submit, keyed as the browser shows them (data.<field>). */
  submitErrors?(tx: TTx, ctx: TContext, request: TRequestRow, typeCode: string): Promise<Record<string, string[]>>;
  /**
   * What values of the request's own form mean where only the owner's records know it (a dependent's name and
   * SEVIS ID for its id), by field name: the request's detail carries them for the office to read.
   */
  describeData?(tx: TTx, request: TRequestRow, typeCode: string): Promise<Record<string, string>>;
  /**
   * Who each of these requests (all of this kind) is about and the case each belongs to, by request id:
   * lists and approvals name that person and show the case's status (docs/product/requests.md#who-a-request-is-about).
   */
  describeRequests?(tx: TTx, rows: TRequestRow[]): Promise<Map<string, TRequestDescription>>;
  /** What an approval does beyond the engine, in the same transaction (a student's record changes, SEVIS hears of it). */
  onApproved?(tx: TTx, ctx: TContext, request: TRequestRow, typeCode: string): Promise<void>;
  /**
   * The end of an approval chain on one of its requests: the owner moves its own record and tells the
   * right people itself (the engine's "back with the office" would be wrong for it).
   */
  onApprovalOutcome?(tx: TTx, ctx: TContext, event: TApprovalOutcomeEvent): Promise<void>;
}

/** Checks a module adds to submitting any request (required documents, a named faculty advisor...). */
export type TSubmitCheck = (tx: TTx, request: TRequestRow, type: TRequestTypeRow) => Promise<Record<string, string[]>>;

/** One approver decision of the latest approval round, as a request's detail shows it. */
export interface TApprovalRef {
  id: string;
  ordinal: number;
  approverName: string;
  status: string;
  comment: string;
  decidedAt: Date | null;
}

/** The approval chains of requests in approver review (the workflows module runs them). */
export interface TApprovalChains {
  start(tx: TTx, ctx: TContext, request: TRequestRow, workflowId: string): Promise<void>;
  cancel(tx: TTx, requestId: string): Promise<void>;
  resend(tx: TTx, ctx: TContext, request: TRequestRow): Promise<number>;
  /** The decisions of the latest round (a request may go to approver review more than once). */
  latestRound(tx: TTx, requestId: string): Promise<TApprovalRef[]>;
  /**
   * Whether the workflow (the request type's, null for none) asks approvers before the office decides,
   * and whether the request's latest approval round approved every step.
   */
  check(tx: TTx, requestId: string, workflowId: string | null): Promise<TApproverCheck>;
  /** Whether an office request type may use this workflow (a department's own workflow may not). */
  isOfficeWorkflow(tx: TTx, workflowId: string): Promise<boolean>;
}

const kinds = new Map<string, TRequestKind>();
const requesterFacts = new Map<TRole, (tx: TTx, actor: TAuthenticatedActor) => Promise<TRequesterFacts>>();
const submitChecks = new Map<string, TSubmitCheck>();
let approvalChains: TApprovalChains | null = null;

/** Registers a kind of request (idempotent by name: the last registration wins). */
export function registerRequestKind(kind: TRequestKind): void {
  kinds.set(kind.name, kind);
}

/**
 * The kind that owns a request type, if a module gave it one; with the request, a kind that claims it
 * (TRequestKind.claims) comes first, and a kind that does not claim it is passed over.
 */
export function kindOf(typeCode: string, request?: Pick<TRequestRow, 'profileId'>): TRequestKind | null {
  let byCode: TRequestKind | null = null;
  for (const k of kinds.values()) {
    if (!k.owns(typeCode)) continue;
    if (!k.claims) byCode ??= k;
    else if (request && k.claims(request)) return k;
  }
  return byCode;
}

/**
 * What the kinds say of these requests (each with its type's code), by request id: one call per kind, so
 * a page of a list costs one query per kind whatever its length.
 */
export async function describeRequests(tx: TTx, rows: { r: TRequestRow; code: string }[]): Promise<Map<string, TRequestDescription>> {
  const out = new Map<string, TRequestDescription>();
  const byKind = new Map<TRequestKind, TRequestRow[]>();
  for (const { r, code } of rows) {
    const kind = kindOf(code, r);
    if (kind?.describeRequests) byKind.set(kind, [...(byKind.get(kind) ?? []), r]);
  }
  for (const [kind, list] of byKind) for (const [id, d] of await kind.describeRequests!(tx, list)) out.set(id, d);
  return out;
}

/** Whether a request type is one only the office starts, from the record it is about (TRequestKind.officeOnly). */
export function isOfficeOnlyType(typeCode: string): boolean {
  for (const k of kinds.values()) if (k.owns(typeCode) && k.officeOnly?.(typeCode)) return true;
  return false;
}

/** Registers what the engine needs to know of one role's requesters when they start a request. */
export function registerRequesterFacts(role: TRole, provider: (tx: TTx, actor: TAuthenticatedActor) => Promise<TRequesterFacts>): void {
  requesterFacts.set(role, provider);
}

export async function requesterFactsOf(tx: TTx, actor: TAuthenticatedActor): Promise<TRequesterFacts> {
  const provider = requesterFacts.get(actor.role);
  return provider ? provider(tx, actor) : {};
}

/** Registers a check every submit runs (idempotent by name). */
export function registerSubmitCheck(name: string, check: TSubmitCheck): void {
  submitChecks.set(name, check);
}

export async function runSubmitChecks(tx: TTx, request: TRequestRow, type: TRequestTypeRow): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const check of submitChecks.values()) Object.assign(errors, await check(tx, request, type));
  return errors;
}

export function provideApprovalChains(chains: TApprovalChains): void {
  approvalChains = chains;
}

export function chains(): TApprovalChains {
  if (!approvalChains) throw new Error('No approval chains are registered: compose the modules first (apps/server/src/modules.ts).');
  return approvalChains;
}

/** What the engine needs to know of the student record a request is about, to match it against assignment rules. */
export interface TStudentRecordFacts {
  visaType: string;
  familyName: string;
}

let studentRecordFacts: ((tx: TTx, profileId: string) => Promise<TStudentRecordFacts | null>) | null = null;

/** The students module says what a student record's visa type and family name are (docs/product/requests.md#assignment-rules). */
export function provideStudentRecordFacts(provider: (tx: TTx, profileId: string) => Promise<TStudentRecordFacts | null>): void {
  studentRecordFacts = provider;
}

export async function studentRecordFactsOf(tx: TTx, profileId: string): Promise<TStudentRecordFacts | null> {
  return studentRecordFacts ? studentRecordFacts(tx, profileId) : null;
}
