import { and, asc, eq, inArray } from 'drizzle-orm';
import type { studentsApi } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest, fieldError, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { customDocuments, customQuestions } from '../../forms/index.js';
import { welcomeWizardSteps } from '../schema.js';

type TInput = z.output<typeof studentsApi.ZSaveWizardStepInput>;
type TRow = typeof welcomeWizardSteps.$inferSelect;

const CHOOSE_QUESTIONS = 'Choose at least one question for a questions step.';
const CHOOSE_DOCUMENTS = 'Choose at least one document for a documents step.';
const UNKNOWN_ITEM = 'One of the chosen items no longer exists; choose again.';

/** Names of custom questions or documents by id (deleted ones left out). */
export async function itemNames(tx: TTx, kind: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  if (kind === 'questions') {
    const rows = await tx
      .select({ id: customQuestions.id, name: customQuestions.questionText })
      .from(customQuestions)
      .where(and(inArray(customQuestions.id, ids), eq(customQuestions.isDeleted, false)));
    return new Map(rows.map((r) => [r.id, r.name]));
  }
  if (kind === 'documents') {
    const rows = await tx
      .select({ id: customDocuments.id, name: customDocuments.name })
      .from(customDocuments)
      .where(and(inArray(customDocuments.id, ids), eq(customDocuments.isDeleted, false)));
    return new Map(rows.map((r) => [r.id, r.name]));
  }
  return new Map();
}

async function present(tx: TTx, r: TRow): Promise<studentsApi.TWizardStep> {
  const names = await itemNames(tx, r.kind, r.itemIds);
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    kind: r.kind as studentsApi.TWizardStepKind,
    itemIds: r.itemIds,
    itemNames: r.itemIds.map((id) => names.get(id)).filter((n): n is string => !!n),
    visaScope: r.visaScope as studentsApi.TVisaScope,
    isActive: r.isActive,
    ordinal: r.ordinal,
  };
}

/** Items belong to the step's kind and exist in this institution; content and confirm steps ask none. */
async function prepare(tx: TTx, input: TInput) {
  const itemIds = input.kind === 'questions' || input.kind === 'documents' ? [...new Set(input.itemIds)] : [];
  if (input.kind === 'questions' && itemIds.length === 0) throw fieldError('itemIds', CHOOSE_QUESTIONS);
  if (input.kind === 'documents' && itemIds.length === 0) throw fieldError('itemIds', CHOOSE_DOCUMENTS);
  const names = await itemNames(tx, input.kind, itemIds);
  if (names.size !== itemIds.length) throw fieldError('itemIds', UNKNOWN_ITEM);
  return { ...input, itemIds };
}

async function load(tx: TTx, id: string): Promise<TRow> {
  const [row] = await tx.select().from(welcomeWizardSteps).where(eq(welcomeWizardSteps.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

const ordered = (tx: TTx) =>
  tx.select().from(welcomeWizardSteps).orderBy(asc(welcomeWizardSteps.ordinal), asc(welcomeWizardSteps.createdAt));

export async function listWizardSteps(ctx: TContext): Promise<studentsApi.TWizardStep[]> {
  requireActor(ctx);
  return ctx.db(async (tx) => Promise.all((await ordered(tx)).map((r) => present(tx, r))));
}

export async function getWizardStep(ctx: TContext, id: string): Promise<studentsApi.TWizardStep> {
  requireActor(ctx);
  return ctx.db(async (tx) => present(tx, await load(tx, id)));
}

/** Adds a step at the end of the wizard. */
export async function createWizardStep(ctx: TContext, input: TInput): Promise<studentsApi.TWizardStep> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const values = await prepare(tx, input);
    const rows = await ordered(tx);
    const ordinal = rows.length ? Math.max(...rows.map((r) => r.ordinal)) + 1 : 1;
    const [row] = await tx
      .insert(welcomeWizardSteps)
      .values({ institutionId: ctx.institutionId, ...values, ordinal })
      .returning();
    const out = await present(tx, row!);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'welcome_wizard_step',
      entityId: row!.id,
      action: 'welcome-wizard-step.created',
      after: out,
      ip: ctx.ip,
    });
    return out;
  });
}

export async function updateWizardStep(ctx: TContext, id: string, input: TInput): Promise<studentsApi.TWizardStep> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await load(tx, id);
    const values = await prepare(tx, input);
    const [updated] = await tx
      .update(welcomeWizardSteps)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(welcomeWizardSteps.id, row.id))
      .returning();
    const out = await present(tx, updated!);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'welcome_wizard_step',
      entityId: row.id,
      action: 'welcome-wizard-step.updated',
      before: await present(tx, row),
      after: out,
      ip: ctx.ip,
    });
    return out;
  });
}

/** Removes a step; students who already did it keep its id in their progress, which no longer counts. */
export async function deleteWizardStep(ctx: TContext, id: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await load(tx, id);
    const before = await present(tx, row);
    await tx.delete(welcomeWizardSteps).where(eq(welcomeWizardSteps.id, row.id));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'welcome_wizard_step',
      entityId: row.id,
      action: 'welcome-wizard-step.deleted',
      before,
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}

/** The order given must name every step exactly once (a stale page cannot drop steps from the order). */
export async function reorderWizardSteps(ctx: TContext, ids: string[]): Promise<studentsApi.TWizardStep[]> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx.select().from(welcomeWizardSteps).for('update');
    const known = new Set(rows.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== rows.length || !ids.every((i) => known.has(i))) {
      throw badRequest('The steps changed meanwhile: reload the page and try again.', {
        ids: ['The steps changed meanwhile: reload the page and try again.'],
      });
    }
    const before = [...rows].sort((a, b) => a.ordinal - b.ordinal).map((r) => r.id);
    for (const [i, id] of ids.entries()) {
      await tx
        .update(welcomeWizardSteps)
        .set({ ordinal: i + 1, updatedAt: new Date() })
        .where(eq(welcomeWizardSteps.id, id));
    }
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'welcome_wizard',
      entityId: ctx.institutionId,
      action: 'welcome-wizard.reordered',
      before: { order: before },
      after: { order: ids },
      ip: ctx.ip,
    });
    return Promise.all((await ordered(tx)).map((r) => present(tx, r)));
  });
}
