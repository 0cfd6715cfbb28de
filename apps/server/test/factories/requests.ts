import { and, eq, inArray, sql } from 'drizzle-orm';
import { isStudentRequestCode, validateStudentRequestData, visaScopeIncludes, type TAnswers, type TRequestStatus } from '@meridian/domain';
import { customDocuments, customQuestions } from '../../src/modules/forms/schema.js';
import { workflowSteps } from '../../src/modules/workflows/schema.js';
import { requests, requestTasks, requestTypes } from '../../src/modules/requests/schema.js';
import { studentProfiles } from '../../src/modules/students/schema.js';
import type { TTestApp } from '../app.js';
import { nextSeq, officeToday, only, owner, uniqueSuffix } from './db.js';
import { buildSubmittedAnswers } from './forms.js';
import { departmentIdOf, siteIdOf, userOf, type TDepartmentCode, type TSiteCode } from './people.js';
import { buildWorkflow, startApprovals, type TOpenApproval } from './workflows.js';

export type TRequestRow = typeof requests.$inferSelect;
export type TRequestTypeRow = typeof requestTypes.$inferSelect;

/** A request type of an institution by code (the demo seed's catalogue, e.g. cpt_request). */
export async function requestTypeOf(t: TTestApp, code: string, institutionId = t.institutionA): Promise<TRequestTypeRow> {
  return only(
    await owner(t)
      .select()
      .from(requestTypes)
      .where(and(eq(requestTypes.institutionId, institutionId), eq(requestTypes.code, code))),
    `request type ${code}`,
  );
}

export const requestTypeIdOf = async (t: TTestApp, code: string, institutionId = t.institutionA) =>
  (await requestTypeOf(t, code, institutionId)).id;

/** A request type of this test's own (a unique code no module owns), startable by students unless told. */
export async function buildRequestType(
  t: TTestApp,
  o: Partial<Omit<typeof requestTypes.$inferInsert, 'id'>> = {},
): Promise<TRequestTypeRow> {
  return only(
    await owner(t)
      .insert(requestTypes)
      .values({
        code: `fixture_${uniqueSuffix()}`,
        name: 'Fixture type',
        starters: ['student'],
        ...o,
        institutionId: o.institutionId ?? t.institutionA,
      })
      .returning(),
    'request type',
  );
}

/** What Request Configuration saves on a type: its forms, documents, workflow, whether it is offered. */
export async function configureRequestType(
  t: TTestApp,
  typeId: string,
  change: Partial<
    Pick<typeof requestTypes.$inferInsert, 'questionnaireIds' | 'customQuestionIds' | 'documentIds' | 'workflowId' | 'isEnabled'>
  >,
): Promise<TRequestTypeRow> {
  return only(
    await owner(t)
      .update(requestTypes)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(requestTypes.id, typeId))
      .returning(),
    `request type ${typeId}`,
  );
}

const STARTER_OF: Record<string, string> = { ISSSstudent: 'student', scholar: 'scholar', department: 'department', isssAdmin: 'staff' };
const DECIDED: readonly TRequestStatus[] = ['approved', 'completed', 'dismissed', 'rejected'];

export interface TRequestOptions {
  institutionId?: string | undefined;
  /** The type by code (default: a type with no form or effects of its own: PLAIN_STUDENT_TYPE for a student, else demographic_update). */
  typeCode?: string | undefined;
  /** Or a type row of the test's own (buildRequestType). */
  requestTypeId?: string | undefined;
  /** User name of the requester (default 'student'). */
  requester?: string | undefined;
  /** User name of the person the request is about; default: the requester, or nobody for a department's request. */
  subject?: string | null | undefined;
  status?: TRequestStatus | undefined;
  /**
   * Where the request sits when it differs from where the requester's record puts it (the record
   * moved since, or the office placed it): a campus site code or null, a department code or null.
   */
  site?: TSiteCode | null | undefined;
  department?: TDepartmentCode | null | undefined;
  /** User name of the faculty advisor the requester named. */
  advisor?: string | null | undefined;
  /** User name of the staff member it is assigned to (review status Assigned). */
  assignedTo?: string | null | undefined;
  /** The type's own form (a student's CPT, OPT...), checked with the product's rules for the status. */
  data?: Record<string, unknown> | undefined;
  /** Answers per questionnaire id, for a request past draft of a type with questionnaires. */
  answers?: Record<string, TAnswers> | undefined;
  /** When it was (last) submitted; only past draft. */
  submittedAt?: Date | undefined;
  statusMessage?: string | undefined;
  /** The title lists show (default: the type's name, as a requester's own start leaves it). */
  title?: string | undefined;
  /** The approval links of approver review expire at (default: in 7 days, as e-mailed). */
  linkExpiresAt?: Date | undefined;
}

/**
 * A request of a type, in a status, with what that status implies: submitted answers past draft,
 * a submit time, a decision time, the message of a clarification or rejection, and in approver
 * review the locked request with its approvals and e-mailed links. The factory refuses states the
 * product cannot reach (a student form past draft whose data its submit rules refuse, an approved
 * request whose approval would have changed the student's record, approver review without a
 * workflow, a requester the type is not offered to).
 */
export async function buildRequestWithApprovals(
  t: TTestApp,
  o: TRequestOptions = {},
): Promise<{ request: TRequestRow; approvals: TOpenApproval[] }> {
  const institutionId = o.institutionId ?? t.institutionA;
  const db = owner(t);
  const status: TRequestStatus = o.status ?? 'draft';
  const requester = await userOf(t, o.requester ?? 'student', institutionId);
  // Every student type of the catalogue has a form and an effect of its own: a student's plain request is an office's own type.
  const plainType = requester.role === 'ISSSstudent' ? await plainStudentType(t, institutionId) : 'demographic_update';
  const type = o.requestTypeId
    ? only(await db.select().from(requestTypes).where(eq(requestTypes.id, o.requestTypeId)), `request type ${o.requestTypeId}`)
    : await requestTypeOf(t, o.typeCode ?? plainType, institutionId);
  const starter = STARTER_OF[requester.role] ?? '';
  // Types without starters are opened by the module that owns them (a scholar case's programs).
  if (type.starters.length && !type.starters.includes(starter))
    throw new Error(`factory: ${type.code} is not offered to a ${requester.role} (starters: ${type.starters.join(', ')})`);
  const [profile] =
    requester.role === 'ISSSstudent' ? await db.select().from(studentProfiles).where(eq(studentProfiles.userId, requester.id)) : [];
  if (profile && !visaScopeIncludes(type.visaScope, profile.visaType))
    throw new Error(`factory: ${type.code} (${type.visaScope}) is not offered to a ${profile.visaType} student`);
  const data = o.data ?? {};
  if (isStudentRequestCode(type.code) && profile) {
    const errors = validateStudentRequestData(
      type.code,
      data,
      {
        today: officeToday(),
        programStartDate: profile.programStartDate,
        programEndDate: profile.programEndDate,
        sessionEndDate: profile.sessionEndDate,
        visaType: profile.visaType,
      },
      status === 'draft' ? 'draft' : 'submit',
    );
    if (Object.keys(errors).length)
      throw new Error(`factory: a ${status} ${type.code} needs data its rules accept: ${JSON.stringify(errors)}`);
    if (status === 'approved')
      throw new Error(`factory: approving a ${type.code} changes the student's record; approve it through the API`);
  }
  if (status !== 'draft') await assertSubmittable(t, type, !!o.advisor);
  if (status === 'adv_review' && !type.workflowId)
    throw new Error(`factory: ${type.code} has no workflow, so it never reaches approver review`);
  if (o.advisor) {
    const a = await userOf(t, o.advisor, institutionId);
    if (a.role !== 'advisor') throw new Error(`factory: ${o.advisor} is not a faculty advisor`);
  }
  if (status === 'draft' && o.submittedAt) throw new Error('factory: a draft was never submitted');

  const campusSiteId =
    o.site === null ? null : o.site ? await siteIdOf(t, o.site, institutionId) : (profile?.campusSiteId ?? requester.campusSiteId);
  const departmentId =
    o.department === null ? null : o.department ? await departmentIdOf(t, o.department, institutionId) : requester.departmentId;
  const subjectUserId =
    o.subject === null
      ? null
      : o.subject
        ? (await userOf(t, o.subject, institutionId)).id
        : requester.role === 'department'
          ? null
          : requester.id;
  const needsMessage = status === 'clarification_requested' || status === 'rejected';
  const values = {
    institutionId,
    requestTypeId: type.id,
    requesterUserId: requester.id,
    subjectUserId,
    campusSiteId,
    departmentId,
    status,
    reviewStatus: o.assignedTo ? 1 : 0,
    assignedToUserId: o.assignedTo ? (await userOf(t, o.assignedTo, institutionId)).id : null,
    advisorUserId: o.advisor ? (await userOf(t, o.advisor, institutionId)).id : null,
    statusMessage: o.statusMessage ?? (needsMessage ? `Please explain (fixture ${nextSeq()}).` : ''),
    isLocked: status === 'adv_review',
    title: o.title ?? type.name,
    profileId: profile?.id ?? null,
    data,
    submittedAt: status === 'draft' ? null : (o.submittedAt ?? new Date()),
    decidedAt: DECIDED.includes(status) ? new Date() : null,
  } satisfies Omit<typeof requests.$inferInsert, 'number'>;
  const request = await db.transaction(async (tx) => {
    // The product's own numbering lock, so a request the API creates meanwhile never takes the same number.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${institutionId} || ':request-number'))`);
    const [{ next }] = (await tx
      .select({ next: sql<number>`coalesce(max(${requests.number}), 1000) + 1` })
      .from(requests)
      .where(eq(requests.institutionId, institutionId))) as [{ next: number }];
    return only(
      await tx
        .insert(requests)
        .values({ ...values, number: Number(next) })
        .returning(),
      'request',
    );
  });
  if (status !== 'draft')
    for (const questionnaireId of type.questionnaireIds)
      await buildSubmittedAnswers(t, {
        institutionId,
        questionnaireId,
        subjectType: 'request',
        subjectId: request.id,
        answers: o.answers?.[questionnaireId] ?? {},
      });
  const approvals = status === 'adv_review' ? await startApprovals(t, request, type.workflowId!, { linkExpiresAt: o.linkExpiresAt }) : [];
  return { request, approvals };
}

/**
 * A request type an office adds with only its questionnaires (no form or effect of its own), any student may start:
 * what a student's request is when a test does not care which. Added to the institution on first use.
 */
export const PLAIN_STUDENT_TYPE = 'general_question';
async function plainStudentType(t: TTestApp, institutionId: string): Promise<string> {
  await owner(t)
    .insert(requestTypes)
    .values({
      institutionId,
      code: PLAIN_STUDENT_TYPE,
      name: 'General Question',
      description: 'Ask the office a question.',
      starters: ['student'],
      visaScope: 'All',
    })
    .onConflictDoNothing();
  return PLAIN_STUDENT_TYPE;
}

/** One request (see buildRequestWithApprovals); a draft of the demo student's by default. */
export async function buildRequest(t: TTestApp, o: TRequestOptions = {}): Promise<TRequestRow> {
  return (await buildRequestWithApprovals(t, o)).request;
}

/**
 * Submitting needs the type's required custom questions answered, required documents uploaded and,
 * under a faculty-advisor workflow, the advisor named; the factory does not fake the first two (such
 * requests are started and submitted through the API) and refuses the third.
 */
async function assertSubmittable(t: TTestApp, type: TRequestTypeRow, namesAdvisor: boolean): Promise<void> {
  const db = owner(t);
  if (type.workflowId && !namesAdvisor) {
    const [step] = await db
      .select({ id: workflowSteps.id })
      .from(workflowSteps)
      .where(and(eq(workflowSteps.workflowId, type.workflowId), eq(workflowSteps.approverKind, 'faculty_advisor')))
      .limit(1);
    if (step) throw new Error(`factory: ${type.code} is submitted only with its faculty advisor named`);
  }
  const questions = type.customQuestionIds.length
    ? await db
        .select({ id: customQuestions.id })
        .from(customQuestions)
        .where(
          and(
            inArray(customQuestions.id, type.customQuestionIds),
            eq(customQuestions.isRequired, true),
            eq(customQuestions.isActive, true),
            eq(customQuestions.isHidden, false),
            eq(customQuestions.isDeleted, false),
          ),
        )
    : [];
  const documents = type.documentIds.length
    ? await db
        .select({ id: customDocuments.id })
        .from(customDocuments)
        .where(
          and(inArray(customDocuments.id, type.documentIds), eq(customDocuments.isRequired, true), eq(customDocuments.isDeleted, false)),
        )
    : [];
  if (questions.length || documents.length)
    throw new Error(`factory: ${type.code} asks for required custom questions or documents; submit it through the API`);
}

/** A task on a request (the office's checklist). */
export async function buildTask(
  t: TTestApp,
  request: Pick<TRequestRow, 'id' | 'institutionId'>,
  o: Partial<Omit<typeof requestTasks.$inferInsert, 'id' | 'requestId' | 'institutionId'>> = {},
): Promise<typeof requestTasks.$inferSelect> {
  return only(
    await owner(t)
      .insert(requestTasks)
      .values({ title: 'Check documents', ...o, institutionId: request.institutionId, requestId: request.id })
      .returning(),
    'task',
  );
}

/**
 * A request in approver review waiting on one approval: by default the demo advisor's, through a
 * type and faculty-advisor workflow of its own; with `approver`, a workflow whose one step is that user.
 */
export async function buildPendingApproval(
  t: TTestApp,
  o: {
    institutionId?: string | undefined;
    approver?: string | undefined;
    requestTypeId?: string | undefined;
    linkExpiresAt?: Date | undefined;
  } = {},
): Promise<{ request: TRequestRow; approvalId: string; token: string }> {
  const institutionId = o.institutionId ?? t.institutionA;
  const requestTypeId =
    o.requestTypeId ??
    (
      await buildRequestType(t, {
        institutionId,
        workflowId: (
          await buildWorkflow(t, {
            institutionId,
            ...(o.approver ? { steps: [{ approverKind: 'user', approverUserId: (await userOf(t, o.approver, institutionId)).id }] } : {}),
          })
        ).id,
      })
    ).id;
  const { request, approvals } = await buildRequestWithApprovals(t, {
    institutionId,
    status: 'adv_review',
    requestTypeId,
    advisor: 'advisor',
    linkExpiresAt: o.linkExpiresAt,
  });
  const [open] = approvals;
  if (!open || approvals.length > 1) throw new Error('factory: expected one pending approval');
  return { request, approvalId: open.approval.id, token: open.token };
}
