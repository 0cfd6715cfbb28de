import { and, eq } from 'drizzle-orm';
import { studentsApi, type TAnswers } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, badRequest, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { saveCustomResponses } from '../../forms/index.js';
import { notify } from '../../notifications/index.js';
import { users } from '../../people/index.js';
import { getAccessibleProfile, getOwnProfile, type TProfileRow } from '../student.policy.js';
import { studentDependents, studentSitesOfActivity, studentStageProgress, studentProfiles } from '../schema.js';
import { siteOfficers } from '../../people/index.js';
import { buildStageView, PROFILE_SUBJECT, stageErrors, STAGE_ITEMS_STEP } from './stages.js';

export const STAGE_INCOMPLETE = 'Please complete this stage before continuing: see the messages on each item.';
const NO_NEXT_STAGE = 'There is nothing to complete in your current stage.';

async function progressRow(tx: TTx, profileId: string, stage: string) {
  const [row] = await tx
    .select()
    .from(studentStageProgress)
    .where(and(eq(studentStageProgress.profileId, profileId), eq(studentStageProgress.stage, stage)));
  return row ?? null;
}

async function viewOf(tx: TTx, p: TProfileRow) {
  const progress = await progressRow(tx, p.id, p.currentStage);
  return buildStageView(tx, {
    stage: p.currentStage,
    visaType: p.visaType,
    profile: { id: p.id, userId: p.userId },
    completedStepIds: progress?.completedStepIds ?? [],
  });
}

/** The signed-in student's current stage with answers, files and completeness. */
export async function getMyStage(ctx: TContext): Promise<studentsApi.TMyStage> {
  return ctx.db(async (tx) => viewOf(tx, await getOwnProfile(tx, ctx)));
}

/** The welcome wizard as a student of this visa type sees it, with nothing answered (staff preview). */
export async function previewWizard(ctx: TContext, visaType: string): Promise<studentsApi.TMyStage> {
  requireActor(ctx);
  return ctx.db(async (tx) => buildStageView(tx, { stage: 'invited', visaType, profile: null }));
}

/** Draft answers to the current stage's questions (shapes checked, completeness not). */
export async function saveMyStageAnswers(ctx: TContext, answers: TAnswers): Promise<studentsApi.TMyStage> {
  return ctx.db(async (tx) => {
    const p = await getOwnProfile(tx, ctx);
    const before = await viewOf(tx, p);
    await saveCustomResponses(
      tx,
      ctx,
      PROFILE_SUBJECT,
      p.id,
      before.questions.questions.map((q) => q.id),
      answers,
    );
    return viewOf(tx, p);
  });
}

/** Records a welcome wizard step as done once its own questions and documents are complete. */
export async function completeMyWizardStep(ctx: TContext, stepId: string): Promise<studentsApi.TMyStage> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const p = await getOwnProfile(tx, ctx);
    if (p.currentStage !== 'invited') throw badRequest('You have already finished the welcome wizard.');
    const view = await viewOf(tx, p);
    const step = view.wizard?.steps.find((s) => s.id === stepId);
    if (!step) throw notFound();
    const errors = stageErrors(view, { questionIds: step.questionIds, documentIds: step.documentIds });
    if (Object.keys(errors).length)
      throw new AppError(400, 'INCOMPLETE', 'Please complete this step: see the messages on each item.', errors);
    const done = view.wizard!.completedStepIds;
    if (!done.includes(stepId)) {
      // The virtual step of the stage's own items has no row id; the stage's completion checks its items.
      const ids = [...done, stepId].filter((id) => id !== STAGE_ITEMS_STEP);
      await tx
        .insert(studentStageProgress)
        .values({ institutionId: ctx.institutionId, profileId: p.id, stage: 'invited', completedStepIds: ids })
        .onConflictDoUpdate({
          target: [studentStageProgress.profileId, studentStageProgress.stage],
          set: { completedStepIds: ids, updatedAt: new Date() },
        });
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'student_profile',
        entityId: p.id,
        action: 'student.wizard-step-completed',
        after: { stepId, title: step.title },
        ip: ctx.ip,
      });
    }
    return viewOf(tx, p);
  });
}

async function studentName(tx: TTx, p: TProfileRow): Promise<string> {
  const own = `${p.firstName} ${p.lastName}`.trim();
  if (own || !p.userId) return own || 'A student';
  const [u] = await tx.select({ f: users.firstName, l: users.lastName }).from(users).where(eq(users.id, p.userId));
  return u ? `${u.f} ${u.l}`.trim() : 'A student';
}

/**
 * Finishes the student's current portal stage: refused (400, a message per field) while anything
 * required is missing; otherwise moves exactly one stage on, records it, audits it and tells the office.
 */
export async function completeMyStage(ctx: TContext): Promise<studentsApi.TCompleteStageOutput> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const own = await getOwnProfile(tx, ctx);
    // Locked, so a double submit moves one stage, not two.
    const [p] = await tx.select().from(studentProfiles).where(eq(studentProfiles.id, own.id)).for('update');
    const from = p!.currentStage;
    const next = studentsApi.NEXT_PORTAL_STAGE[from];
    if (!next) throw badRequest(NO_NEXT_STAGE);
    const view = await viewOf(tx, p!);
    const errors = stageErrors(view);
    if (Object.keys(errors).length) throw new AppError(400, 'INCOMPLETE', STAGE_INCOMPLETE, errors);

    await tx.update(studentProfiles).set({ currentStage: next, updatedAt: new Date() }).where(eq(studentProfiles.id, p!.id));
    // Finishing the wizard completes all its steps (the last ones need no Next).
    const had = (await progressRow(tx, p!.id, from))?.completedStepIds ?? [];
    const steps = [...new Set([...had, ...(view.wizard?.steps.map((s) => s.id).filter((id) => id !== STAGE_ITEMS_STEP) ?? [])])];
    await tx
      .insert(studentStageProgress)
      .values({ institutionId: ctx.institutionId, profileId: p!.id, stage: from, completedStepIds: steps, completedAt: new Date() })
      .onConflictDoUpdate({
        target: [studentStageProgress.profileId, studentStageProgress.stage],
        set: { completedStepIds: steps, completedAt: new Date(), updatedAt: new Date() },
      });
    const labels = studentsApi.PORTAL_STAGE_LABELS;
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'student_profile',
      entityId: p!.id,
      action: 'student.stage-completed',
      before: { currentStage: from },
      after: { currentStage: next, completedStage: labels[from as studentsApi.TPortalStage] ?? from },
      ip: ctx.ip,
    });
    const name = await studentName(tx, p!);
    await notify(tx, ctx, {
      userIds: await siteOfficers(tx, p!.campusSiteId),
      typeName: 'student.stage-completed',
      text: `${name} completed ${from === 'invited' ? 'the welcome wizard' : labels[from as studentsApi.TPortalStage]} and is now in ${labels[next]}.`,
    });
    return { profileId: p!.id, stage: next, homePath: studentsApi.stageHomePath(next, p!.id) };
  });
}

/** A student's portal progress for office staff who reach the record. */
export async function getStageProgress(ctx: TContext, profileId: string): Promise<studentsApi.TStageProgress> {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'read');
    const rows = await tx.select().from(studentStageProgress).where(eq(studentStageProgress.profileId, p.id));
    const order = studentsApi.PORTAL_STAGES as readonly string[];
    const history = rows
      .sort((a, b) => order.indexOf(a.stage) - order.indexOf(b.stage))
      .map((r) => ({ stage: r.stage, completedAt: r.completedAt?.toISOString() ?? null, completedSteps: r.completedStepIds.length }));
    let current: studentsApi.TStageProgress['current'] = null;
    let wizard: studentsApi.TStageProgress['wizard'] = null;
    if (studentsApi.NEXT_PORTAL_STAGE[p.currentStage]) {
      const view = await viewOf(tx, p);
      const errors = stageErrors(view);
      current = {
        total: view.completeness.total,
        done: view.completeness.done,
        items: [
          ...view.questions.questions.map((q) => ({
            key: `custom.${q.id}`,
            label: q.questionText,
            isRequired: q.isRequired,
            isDone: !errors[`custom.${q.id}`] && (!q.isRequired || !!view.questions.answers[q.id]),
          })),
          ...view.documents.flatMap((d) =>
            d.slots.map((s) => ({
              key: s.key,
              label: s.dependentId || s.soaId ? `${d.name} (${s.label})` : d.name,
              isRequired: d.isRequired,
              isDone: s.isDone,
            })),
          ),
        ],
      };
      if (view.wizard) wizard = { totalSteps: view.wizard.steps.length, completedSteps: view.wizard.completedStepIds.length };
    }
    return { profileId: p.id, currentStage: p.currentStage, visaType: p.visaType, history, current, wizard };
  });
}

/**
 * May this student file an upload for this custom document on their own record? Only a document
 * their current stage asks, for their own dependent or site of activity when it applies per one.
 * Returns the refusal (with the field it is about, if any), or null when allowed. Used by the attachments module.
 */
export async function studentMayFileDocument(
  tx: TTx,
  ctx: TContext,
  f: { customDocumentId?: string | null; dependentId?: string | null; soaId?: string | null },
): Promise<{ field?: string; message: string } | null> {
  const notAsked = { message: 'This document is not asked of you now.' };
  if (!f.customDocumentId) return notAsked;
  const [p] = await tx
    .select()
    .from(studentProfiles)
    .where(eq(studentProfiles.userId, requireActor(ctx).userId));
  if (!p) return notAsked;
  const view = await viewOf(tx, p);
  const doc = view.documents.find((d) => d.id === f.customDocumentId);
  if (!doc) return notAsked;
  if (doc.slots.some((s) => s.dependentId === (f.dependentId ?? null) && s.soaId === (f.soaId ?? null))) return null;
  // The slot must be one of the student's own dependents or sites of activity, as the document applies.
  if (f.dependentId) {
    const [d] = await tx
      .select({ id: studentDependents.id })
      .from(studentDependents)
      .where(and(eq(studentDependents.id, f.dependentId), eq(studentDependents.profileId, p.id)));
    if (!d) return { field: 'dependentId', message: 'The dependent was not found.' };
  }
  if (f.soaId) {
    const [s] = await tx
      .select({ id: studentSitesOfActivity.id })
      .from(studentSitesOfActivity)
      .where(and(eq(studentSitesOfActivity.id, f.soaId), eq(studentSitesOfActivity.profileId, p.id)));
    if (!s) return { field: 'soaId', message: 'The site of activity was not found.' };
  }
  if (doc.appliesTo === 'dependent') return { field: 'dependentId', message: 'Choose the dependent this file is for.' };
  if (doc.appliesTo === 'site_of_activity') return { field: 'soaId', message: 'Choose the site of activity this file is for.' };
  return { field: 'customDocumentId', message: 'This document is for your own record, not a dependent or site of activity.' };
}
