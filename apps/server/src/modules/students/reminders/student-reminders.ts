import { addDays, automatedEmailOf, daysBetween, formatDate, type TAutomatedEmailKey } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { loadSettings, queueBrandedMail } from '../../institutions/index.js';
import {
  automatedEmailRule,
  claimReminders,
  formatMergeValues,
  renderAutomatedMessage,
  type TAutomatedEmailRule,
} from '../../messages/index.js';
import { notify } from '../../notifications/index.js';
import type { TProfileRow } from '../student.policy.js';

/** A record due a reminder: the student, the date reminded of, and the reminder's own values. */
export interface TReminderCandidate {
  profile: Pick<
    TProfileRow,
    | 'id'
    | 'userId'
    | 'email'
    | 'visaType'
    | 'firstName'
    | 'middleName'
    | 'lastName'
    | 'suffix'
    | 'sevisId'
    | 'campusId'
    | 'programStartDate'
    | 'programEndDate'
    | 'sessionStartDate'
    | 'sessionEndDate'
    | 'sevisStatus'
  >;
  /** The date reminded of (a program end, a report's due date, a registration deadline). */
  forDate: string;
  /** The row the reminder is kept by (the record, or the report). */
  recordId: string;
  extra?: Record<string, string>;
}

export interface TStudentReminder {
  eventKey: TAutomatedEmailKey;
  /** Records whose date falls from `from` to `to` (both included), in one order for every run. */
  candidates: (tx: TTx, from: string, to: string, today: string) => Promise<TReminderCandidate[]>;
  /** The bell's line. */
  notice: (c: TReminderCandidate, dueDate: string, daysLeft: number) => string;
}

/**
 * The record's values for the student's tags (the same keys as the student merge source), raw, from a row
 * already read: the daily jobs have no signed-in actor to check the record's scope against.
 */
export function studentValues(p: TReminderCandidate['profile']) {
  return {
    'general.recipientName': [p.firstName, p.lastName].filter(Boolean).join(' '),
    'student.firstName': p.firstName,
    'student.middleName': p.middleName,
    'student.lastName': p.lastName,
    'student.fullName': [p.firstName, p.middleName, p.lastName, p.suffix].filter(Boolean).join(' '),
    'student.email': p.email,
    'student.campusId': p.campusId ?? '',
    'student.sevisId': p.sevisId ?? '',
    'student.visaType': p.visaType,
    'student.sevisStatus': p.sevisStatus,
    'student.programStartDate': p.programStartDate,
    'student.programEndDate': p.programEndDate,
    'student.sessionEndDate': p.sessionEndDate,
    ...(p.visaType === 'J-1' ? { 'ev.programStartDate': p.programStartDate, 'ev.programEndDate': p.programEndDate } : {}),
  };
}

/**
 * One institution's reminders of one kind (docs/product/messages.md#automated-e-mail), as of its today: each
 * record whose date is exactly a lead time away hears about it, when the office's setting sends it for the
 * record's visa type, in the office's chosen wording. The reminder is claimed (automated_email_sent) before
 * it is queued, so a second run sends nothing and a changed date reminds again. Answers how many were sent.
 */
export async function sendStudentReminders(ctx: TContext, reminder: TStudentReminder, today: string): Promise<number> {
  const event = automatedEmailOf(reminder.eventKey)!;
  return ctx.db(async (tx) => {
    const rules = new Map<string, TAutomatedEmailRule>();
    const ruleFor = async (visaType: string) => {
      if (!rules.has(visaType)) rules.set(visaType, await automatedEmailRule(tx, ctx, reminder.eventKey, { visaType }));
      return rules.get(visaType)!;
    };
    const base = await automatedEmailRule(tx, ctx, reminder.eventKey);
    if (base.leadDays.length === 0) return 0;
    const from = addDays(today, Math.min(...base.leadDays));
    const to = addDays(today, Math.max(...base.leadDays));
    const candidates = await reminder.candidates(tx, from, to, today);
    if (candidates.length === 0) return 0;
    const { timeZone } = await loadSettings(tx, ctx.institutionId);
    let sent = 0;
    for (const c of candidates) {
      const rule = await ruleFor(c.profile.visaType);
      const daysLeft = daysBetween(today, c.forDate);
      if (!rule.send || !rule.leadDays.includes(daysLeft)) continue;
      const taken = await claimReminders(tx, ctx, {
        eventKey: reminder.eventKey,
        recordId: c.recordId,
        forDate: c.forDate,
        leadDays: [daysLeft],
      });
      if (taken.length === 0) continue;
      const dueDate = formatDate(c.forDate, { timeZone });
      const values = {
        ...formatMergeValues(studentValues(c.profile), timeZone),
        'reminder.dueDate': dueDate,
        'reminder.daysLeft': String(daysLeft),
        ...c.extra,
      };
      const message = await renderAutomatedMessage(tx, ctx, { systemKey: event.systemKey, templateId: rule.templateId }, values);
      const email = { subject: message.subject, text: message.text, html: message.html };
      if (c.profile.userId) {
        await notify(tx, ctx, {
          userIds: [c.profile.userId],
          typeName: reminder.eventKey,
          profileId: c.profile.id,
          text: reminder.notice(c, dueDate, daysLeft),
          email,
        });
      } else if (c.profile.email) {
        // A record without a portal account yet still reaches the student at the address on the record.
        await queueBrandedMail(tx, ctx, {
          to: c.profile.email,
          subject: email.subject,
          text: email.text,
          bodyHtml: email.html,
          purpose: reminder.eventKey,
          profileId: c.profile.id,
        });
      } else continue;
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: null,
        entityType: 'student_profile',
        entityId: c.profile.id,
        action: `student.reminder.${reminder.eventKey}`,
        after: { forDate: c.forDate, leadDays: daysLeft, recordId: c.recordId, templateId: rule.templateId },
      });
      sent++;
    }
    return sent;
  });
}
