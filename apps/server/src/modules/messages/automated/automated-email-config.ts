import { eq, isNull } from 'drizzle-orm';
import { automatedEmailOf, messagesApi, type TAutomatedEmailKey } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, notFound, type TFieldErrors } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { emailTemplates } from '../templates/schema.js';
import { effectiveSetting, loadEffectiveSettings, type TEffectiveSetting } from './automated-email-rule.js';
import { automatedEmailSettings } from './schema.js';

const M = messagesApi.MSG_AUTOMATED_EMAILS;

async function present(tx: TTx, s: TEffectiveSetting): Promise<messagesApi.TAutomatedEmailSetting> {
  let updatedByName: string | null = null;
  if (s.row?.updatedBy) {
    const [u] = await tx.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, s.row.updatedBy));
    updatedByName = u ? `${u.first} ${u.last}`.trim() : null;
  }
  return {
    key: s.event.key,
    enabled: s.enabled,
    visaTypes: s.visaTypes as messagesApi.TAutomatedEmailSetting['visaTypes'],
    templateId: s.templateId,
    leadDays: s.leadDays,
    isDefault: s.row === null,
    updatedAt: s.row ? s.row.updatedAt.toISOString() : null,
    updatedByName,
  };
}

/** Every automated e-mail with its effective settings, and the office's templates (not system edits) that may replace one. */
export async function getAutomatedEmailConfig(ctx: TContext): Promise<messagesApi.TAutomatedEmailConfig> {
  return ctx.db(async (tx) => {
    const settings = await loadEffectiveSettings(tx);
    const templates = await tx
      .select({ id: emailTemplates.id, name: emailTemplates.name, recordKind: emailTemplates.recordKind })
      .from(emailTemplates)
      .where(isNull(emailTemplates.key))
      .orderBy(emailTemplates.name);
    return {
      items: await Promise.all(settings.map((s) => present(tx, s))),
      templates: templates as messagesApi.TAutomatedEmailConfig['templates'],
    };
  });
}

/** Saves one event's settings, checked field by field; audited with before and after. */
export async function saveAutomatedEmailSetting(
  ctx: TContext,
  eventKey: TAutomatedEmailKey,
  input: messagesApi.TSaveAutomatedEmailInput,
): Promise<messagesApi.TAutomatedEmailSetting> {
  const actor = requireActor(ctx);
  const event = automatedEmailOf(eventKey);
  if (!event) throw notFound();
  const errors: TFieldErrors = {};
  if (event.required && !input.enabled) errors.enabled = [M.required];
  const foreignVisa = input.visaTypes.find((v) => !(event.visaTypes as readonly string[]).includes(v));
  if (foreignVisa) errors.visaTypes = [M.visaTypeNotApplicable(foreignVisa)];
  const isReminder = event.defaultLeadDays.length > 0 && event.leadDaysElsewhere === null;
  if (!isReminder && input.leadDays.length) errors.leadDays = [M.leadDaysNotHere];
  if (isReminder) {
    const e = messagesApi.leadDaysError(input.leadDays) ?? (input.enabled && input.leadDays.length === 0 ? M.leadDaysRequired : null);
    if (e) errors.leadDays = [e];
  }
  return ctx.db(async (tx) => {
    if (input.templateId) {
      const [t] = await tx
        .select({ kind: emailTemplates.recordKind, key: emailTemplates.key })
        .from(emailTemplates)
        .where(eq(emailTemplates.id, input.templateId));
      if (!t || t.key !== null) errors.templateId = [M.templateMissing];
      else if (t.kind !== event.recordKind) errors.templateId = [M.templateKind];
    }
    const first = Object.values(errors)[0]?.[0];
    if (first) throw new AppError(422, 'VALIDATION', first, errors);
    const [beforeRow] = await tx.select().from(automatedEmailSettings).where(eq(automatedEmailSettings.eventKey, eventKey)).for('update');
    const before = effectiveSetting(event, beforeRow ?? null);
    const values = {
      enabled: input.enabled,
      visaTypes: [...new Set(input.visaTypes)].sort(),
      templateId: input.templateId,
      leadDays: isReminder ? [...input.leadDays].sort((a, b) => b - a) : [],
      updatedAt: new Date(),
      updatedBy: actor.userId,
    };
    const [row] = await tx
      .insert(automatedEmailSettings)
      .values({ institutionId: ctx.institutionId, eventKey, ...values })
      .onConflictDoUpdate({ target: [automatedEmailSettings.institutionId, automatedEmailSettings.eventKey], set: values })
      .returning();
    const after = effectiveSetting(event, row!);
    const shown = (s: TEffectiveSetting) => ({
      enabled: s.enabled,
      visaTypes: s.visaTypes,
      templateId: s.templateId,
      leadDays: s.leadDays,
    });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'automated-email',
      entityId: eventKey,
      action: 'automated-email.saved',
      before: shown(before),
      after: shown(after),
      ip: ctx.ip,
    });
    return present(tx, after);
  });
}
