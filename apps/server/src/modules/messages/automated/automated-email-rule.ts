import { and, eq } from 'drizzle-orm';
import { AUTOMATED_EMAILS, automatedEmailOf, type TAutomatedEmail, type TAutomatedEmailKey } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { automatedEmailSent, automatedEmailSettings } from './schema.js';

export type TSettingRow = typeof automatedEmailSettings.$inferSelect;

/** What the office set for an event, or the catalogue's default where it set nothing. */
export interface TEffectiveSetting {
  event: TAutomatedEmail;
  enabled: boolean;
  visaTypes: string[];
  templateId: string | null;
  leadDays: number[];
  row: TSettingRow | null;
}

export function effectiveSetting(event: TAutomatedEmail, row: TSettingRow | null): TEffectiveSetting {
  if (!row) return { event, enabled: event.defaultEnabled, visaTypes: [], templateId: null, leadDays: [...event.defaultLeadDays], row };
  return {
    event,
    // A required e-mail is sent whatever a row says (it cannot be saved off; this keeps it so).
    enabled: event.required || row.enabled,
    visaTypes: row.visaTypes,
    templateId: row.templateId,
    leadDays: event.defaultLeadDays.length ? row.leadDays : [],
    row,
  };
}

/** Every event's effective settings for the caller's institution (RLS scopes the rows). */
export async function loadEffectiveSettings(tx: TTx): Promise<TEffectiveSetting[]> {
  const rows = await tx.select().from(automatedEmailSettings);
  return AUTOMATED_EMAILS.map((e) => effectiveSetting(e, rows.find((r) => r.eventKey === e.key) ?? null));
}

export interface TAutomatedEmailRule {
  send: boolean;
  /** The office template to send instead of the system message; null: the system message. */
  templateId: string | null;
  leadDays: number[];
}

/**
 * Whether the portal sends one of its automated e-mails for a record (docs/product/messages.md#automated-e-mail):
 * off, or the record's visa type left out of the event's chosen visa types, answers send: false. A record
 * whose visa type the event does not list (a department's request) is not filtered by visa type.
 */
export async function automatedEmailRule(
  tx: TTx,
  ctx: TContext,
  eventKey: TAutomatedEmailKey,
  opts: { visaType?: string | null } = {},
): Promise<TAutomatedEmailRule> {
  const event = automatedEmailOf(eventKey);
  if (!event) throw new Error(`Unknown automated e-mail ${eventKey}`);
  const [row] = await tx
    .select()
    .from(automatedEmailSettings)
    .where(and(eq(automatedEmailSettings.institutionId, ctx.institutionId), eq(automatedEmailSettings.eventKey, eventKey)));
  const s = effectiveSetting(event, row ?? null);
  const visa = opts.visaType ?? '';
  const applies = (event.visaTypes as readonly string[]).includes(visa);
  const visaOk = !applies || s.visaTypes.length === 0 || s.visaTypes.includes(visa);
  return { send: s.enabled && visaOk, templateId: s.templateId, leadDays: s.leadDays };
}

/**
 * Claims reminders before they are sent: inserts one row per lead time and answers the lead times this call
 * inserted. A second run, or one in parallel, finds them taken; a changed date is a new row.
 */
export async function claimReminders(
  tx: TTx,
  ctx: TContext,
  claim: { eventKey: TAutomatedEmailKey; recordId: string; forDate: string; leadDays: number[] },
): Promise<number[]> {
  if (claim.leadDays.length === 0) return [];
  const taken = await tx
    .insert(automatedEmailSent)
    .values(
      claim.leadDays.map((d) => ({
        institutionId: ctx.institutionId,
        eventKey: claim.eventKey,
        recordId: claim.recordId,
        forDate: claim.forDate,
        leadDays: d,
      })),
    )
    .onConflictDoNothing()
    .returning({ leadDays: automatedEmailSent.leadDays });
  return taken.map((t) => t.leadDays);
}
