import { and, eq, sql } from 'drizzle-orm';
import { automatedEmailOf, UNEMPLOYMENT_LEVEL_LABELS, type TUnemploymentLevel } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import { auditEvents } from '../../../../platform/audit/schema.js';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TContext } from '../../../../platform/http/context.js';
import { loadSettings } from '../../../institutions/index.js';
import { automatedEmailRule, formatMergeValues, renderAutomatedMessage, renderSystemMessage } from '../../../messages/index.js';
import { notify } from '../../../notifications/index.js';
import { siteOfficers } from '../../../people/index.js';
import { studentValues } from '../../reminders/student-reminders.js';
import { studentProfiles } from '../../schema.js';
import { loadOptData, type TOptData } from '../queries/opt-data.query.js';
import { optStudentProfiles } from '../queries/opt-students.query.js';

export const UNEMPLOYMENT_ALERT_ACTION = 'student.opt.unemployment-alert';

const ALERT_LEVELS: TUnemploymentLevel[] = ['warning', 'critical', 'exceeded'];

/** The F-OPT values of the record, as the student merge source gives them, from the data already loaded. */
function optValues(d: TOptData) {
  return {
    'opt.startDate': d.current?.startDate,
    'opt.endDate': d.current?.endDate,
    'opt.unemploymentDaysUsed': d.unemployment?.used,
    'opt.unemploymentDaysAllowed': d.unemployment?.allowed,
    'opt.employerName': d.employments.find((e) => e.isCurrent)?.employerName ?? '',
  };
}

/** The record's values for the alert's messages, read without a scope check: the daily job has no signed-in actor. */
async function recordValues(tx: TTx, profileId: string, d: TOptData, timeZone: string): Promise<Record<string, string>> {
  const [row] = await tx.select().from(studentProfiles).where(eq(studentProfiles.id, profileId));
  return formatMergeValues({ ...(row ? studentValues(row) : {}), ...optValues(d) }, timeZone);
}

/**
 * One institution's unemployment alerts: each student whose counter reached warning, critical or
 * exceeded hears about it once per level and allowance (90, or 150 with STEM; for exceeded, the limit
 * that was passed), and so does the office. The audit event that records the alert is what makes it once (and shows in the History Log).
 * The e-mails are system messages an office may reword (docs/product/messages.md#system-messages): the student's in the
 * message the office chose for the event ('opt.unemploymentAlert' unless it chose a template of its own), the officers'
 * in 'opt.unemploymentAlertOffice'.
 */
export async function sendUnemploymentAlerts(ctx: TContext, today = ctx.today()): Promise<number> {
  return ctx.db(async (tx) => {
    const profiles = await optStudentProfiles(tx, sql`true`, today);
    const data = await loadOptData(
      tx,
      profiles.map((p) => p.id),
      today,
    );
    let sent = 0;
    for (const p of profiles) {
      const d = data.get(p.id)!;
      const u = d.unemployment;
      if (!u || !ALERT_LEVELS.includes(u.level) || !d.current || d.current.endDate < today) continue;
      // Exceeded is keyed by the limit passed, not the one in force: 90 days passed in post-completion OPT stay the
      // same breach when the STEM extension's first day raises the allowance to 150 (8 CFR 214.2(f)(10)(ii)(E)).
      const key = `${u.level}:${u.level === 'exceeded' ? u.exceededLimit : u.allowed}`;
      const [already] = await tx
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entityType, 'student_profile'),
            eq(auditEvents.entityId, p.id),
            eq(auditEvents.action, UNEMPLOYMENT_ALERT_ACTION),
            sql`${auditEvents.after}->>'key' = ${key}`,
          ),
        )
        .limit(1);
      if (already) continue;
      const name = `${p.firstName} ${p.lastName}`.trim();
      const status =
        u.level === 'exceeded'
          ? `has exceeded the ${u.exceededLimit}-day limit (${u.over} ${u.over === 1 ? 'day' : 'days'} over)`
          : `has used ${u.used} of ${u.allowed} days; ${u.remaining} left`;
      const label = UNEMPLOYMENT_LEVEL_LABELS[u.level];
      // The bell always; the e-mails while the office's automated e-mail configuration sends them (docs/product/messages.md#automated-e-mail).
      const rule = await automatedEmailRule(tx, ctx, 'opt.unemploymentLevel', { visaType: 'F-1' });
      const student = `${name}${p.sevisId ? ` (${p.sevisId})` : ''}`;
      const values = rule.send
        ? {
            ...(await recordValues(tx, p.id, d, (await loadSettings(tx, ctx.institutionId)).timeZone)),
            'opt.alertLevel': label,
            'opt.alertLevelLowercase': label.toLowerCase(),
            'opt.alertStatus': status,
            'opt.alertStudentName': name,
            'opt.alertStudent': student,
          }
        : null;
      if (p.userId) {
        const message = values
          ? await renderAutomatedMessage(
              tx,
              ctx,
              { systemKey: automatedEmailOf('opt.unemploymentLevel')!.systemKey, templateId: rule.templateId },
              values,
            )
          : null;
        await notify(tx, ctx, {
          userIds: [p.userId],
          typeName: 'opt.unemployment',
          profileId: p.id,
          text: `OPT unemployment days — ${label}: your counter ${status}.`,
          email: message && { subject: message.subject, text: message.text, html: message.html },
        });
      }
      // The officers are not the record's student: the recipient's name is not the student's.
      const office = values
        ? await renderSystemMessage(tx, ctx, 'opt.unemploymentAlertOffice', { ...values, 'general.recipientName': '' })
        : null;
      await notify(tx, ctx, {
        userIds: await siteOfficers(tx, p.campusSiteId),
        typeName: 'opt.unemployment',
        profileId: p.id,
        text: `OPT unemployment — ${label}: ${student} ${status}.`,
        email: office && { subject: office.subject, text: office.text, html: office.html },
      });
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: null,
        entityType: 'student_profile',
        entityId: p.id,
        action: UNEMPLOYMENT_ALERT_ACTION,
        after: { key, level: u.level, used: u.used, allowed: u.allowed, remaining: u.remaining },
      });
      sent++;
    }
    return sent;
  });
}
