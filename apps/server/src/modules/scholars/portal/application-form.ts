import { eq } from 'drizzle-orm';
import {
  MSG,
  parseScholarDraft,
  scholarFormDef,
  scholarFormLookupValues,
  validateScholarForm,
  type TSaveApplicationInput,
  type TScholarApplicationForm,
} from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, badRequest, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { findConditionalQuestionnaires } from '../../forms/index.js';
import { lookupStatuses } from '../../lookups/index.js';
import { departments } from '../../people/index.js';
import { requests, requestTypes } from '../../requests/index.js';
import { canAccessCase, getAccessibleCase, type TCaseRow, type TScholarRow } from '../scholar.policy.js';
import { departmentConfigs, scholarApplications } from '../schema.js';

export const APPLICATION_MSG = {
  stale:
    'This application was changed elsewhere (perhaps in another tab or by the office) since you opened it. Reload the page to see the latest version; copy anything you typed first.',
  locked: 'This application has been submitted to the office and is locked. The office will unlock it if something needs to change.',
  notOpen: 'This application cannot be changed now.',
  noForm: 'This case has no application form: the office has not processed it as H-1B, O-1, J-1 or F-1 OPT/STEM.',
  incomplete: 'Please complete the application before submitting: see the messages on each field.',
} as const;

/** Field errors of the form, keyed as the body names them (data.<path>). */
export function dataErrors(errors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [`data.${k}`, v]));
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The application as the form page needs it, with what the actor may do with it. */
export async function presentApplication(
  tx: TTx,
  actor: TAuthenticatedActor,
  c: TCaseRow,
  scholar: TScholarRow,
): Promise<TScholarApplicationForm> {
  const [dept] = await tx.select({ name: departments.name }).from(departments).where(eq(departments.id, c.departmentId));
  const [config] = await tx
    .select({ sites: departmentConfigs.sitesOfActivity })
    .from(departmentConfigs)
    .where(eq(departmentConfigs.departmentId, c.departmentId));
  let questionnaireIds: string[] = [];
  if (c.applicationRequestId) {
    const [r] = await tx
      .select({ q: requestTypes.questionnaireIds })
      .from(requests)
      .innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
      .where(eq(requests.id, c.applicationRequestId));
    // The type's questionnaires, then the conditional ones the answers bring in (as the engine asks them).
    if (r?.q.length) questionnaireIds = [...r.q, ...(await findConditionalQuestionnaires(tx, 'request', c.applicationRequestId, r.q))];
  }
  return {
    applicationId: c.id,
    scholarId: scholar.id,
    scholarName: `${scholar.firstName} ${scholar.lastName}`.trim(),
    departmentName: dept?.name ?? '',
    processedState: c.processedState,
    applicationState: c.applicationState,
    phase: c.phase,
    status: c.status,
    isLocked: c.isLocked,
    canEdit: canAccessCase(actor, c, scholar, 'apply'),
    version: c.version,
    data: c.data ?? {},
    submittedAt: c.submittedToIsssAt ? c.submittedToIsssAt.toISOString() : null,
    updatedAt: c.updatedAt.toISOString(),
    proposedStartDate: c.proposedStartDate,
    proposedEndDate: c.proposedEndDate,
    position: c.position,
    applicationRequestId: c.applicationRequestId,
    questionnaireIds,
    prefill: Object.fromEntries(
      Object.entries({ firstName: scholar.firstName, lastName: scholar.lastName, email: scholar.email }).filter(([, v]) => !!v),
    ),
    sitesOfActivity: (config?.sites ?? []).map((s) => ({
      name: str(s.name),
      address1: str(s.address1),
      address2: str(s.address2),
      city: str(s.city),
      state: str(s.state),
      postalCode: str(s.postalCode),
    })),
  };
}

/** Staff reading a scholar's form (passport, birth date, wages) is recorded, as FERPA asks. */
async function auditStaffRead(tx: TTx, ctx: TContext, c: TCaseRow): Promise<void> {
  if (requireActor(ctx).role !== 'isssAdmin') return;
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'scholar_application_read',
    entityId: c.id,
    action: 'scholar_application.form_viewed',
    ip: ctx.ip,
  });
}

/** One application the caller may read (the scholar's own, or any for office staff); 404 otherwise. */
export async function readApplicationForm(ctx: TContext, applicationId: string): Promise<TScholarApplicationForm> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { c, scholar } = await getAccessibleCase(tx, ctx, applicationId, 'read');
    // The portal is the scholar's own: a department user who holds the id still does not read the form here.
    if (actor.role === 'department') throw notFound();
    await auditStaffRead(tx, ctx, c);
    return presentApplication(tx, actor, c, scholar);
  });
}

/**
 * Loads and locks a case for a change of its form: readable (404 otherwise), open to the actor's
 * changes (403 otherwise, saying why), and still at the version the caller read (409 otherwise).
 */
export async function lockCaseForForm(
  tx: TTx,
  ctx: TContext,
  applicationId: string,
  version: number,
): Promise<{ c: TCaseRow; scholar: TScholarRow }> {
  const actor = requireActor(ctx);
  const { scholar } = await getAccessibleCase(tx, ctx, applicationId, 'read');
  if (actor.role === 'department') throw notFound();
  const [c] = await tx.select().from(scholarApplications).where(eq(scholarApplications.id, applicationId)).for('update');
  if (!c) throw notFound();
  if (!canAccessCase(actor, c, scholar, 'apply')) {
    throw new AppError(
      403,
      'FORBIDDEN',
      c.applicationState === 'submitted' || c.isLocked ? APPLICATION_MSG.locked : APPLICATION_MSG.notOpen,
    );
  }
  if (c.version !== version) throw new AppError(409, 'STALE', APPLICATION_MSG.stale);
  return { c, scholar };
}

/** The names of the form's fields a save changed (the audit says which, never the values: passports, birth dates and wages stay out of logs). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null)).sort();
}

/**
 * Save draft: types and lengths only, so whatever was typed is kept; the version moves on. A value from the office's
 * code lists (states, countries, category, highest education) is checked when the save gives it anew: one the list
 * does not offer today is refused on its field, and nothing already saved changes; one the application already holds
 * stays valid even when retired since (docs/product/lookups.md#retiring-a-value).
 */
export async function saveApplicationForm(
  ctx: TContext,
  applicationId: string,
  input: TSaveApplicationInput,
): Promise<TScholarApplicationForm> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { c, scholar } = await lockCaseForForm(tx, ctx, applicationId, input.version);
    const def = scholarFormDef(c.processedState);
    if (!def) throw new AppError(409, 'NO_FORM', APPLICATION_MSG.noForm);
    const before = c.data ?? {};
    const check = await lookupStatuses(tx, ctx, scholarFormLookupValues(def, input.data ?? {}, before));
    const errors = validateScholarForm(def, input.data ?? {}, 'draft', ctx.today(), { check, before });
    if (Object.keys(errors).length) throw badRequest(MSG.invalidValue, dataErrors(errors));
    const data = parseScholarDraft(def, input.data ?? {}) ?? {};
    const [updated] = await tx
      .update(scholarApplications)
      .set({
        data,
        applicationState: c.applicationState === 'not_started' ? 'draft' : c.applicationState,
        version: c.version + 1,
        updatedBy: actor.userId,
        updatedAt: new Date(),
      })
      .where(eq(scholarApplications.id, c.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_application',
      entityId: c.id,
      action: actor.role === 'isssAdmin' ? 'scholar_application.form_corrected' : 'scholar_application.draft_saved',
      before: { applicationState: c.applicationState, version: c.version },
      after: { applicationState: updated!.applicationState, version: updated!.version, changedFields: changedFields(c.data ?? {}, data) },
      ip: ctx.ip,
    });
    return presentApplication(tx, actor, updated!, scholar);
  });
}
