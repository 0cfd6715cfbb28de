import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { addDays, automatedEmailOf, endDateAlert, PROCESSED_STATE_LABELS, scholarPhaseLabel } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TContext } from '../../../../platform/http/context.js';
import { loadSettings } from '../../../institutions/index.js';
import { automatedEmailRule, formatMergeValues, renderAutomatedMessage } from '../../../messages/index.js';
import { notify } from '../../../notifications/index.js';
import { siteOfficers } from '../../../people/index.js';
import { departments, users } from '../../../people/index.js';
import { scholarAlertsSent, scholarApplications as a, scholars } from '../../schema.js';
import { readAccountSettings } from '../../account-settings.js';

export const END_DATE_ALERT_ACTION = 'scholar.end-date-alert';

/** Processed states whose end date is alerted: the H-1B, O-1 and J-1 families (docs/product/scholars-office.md#end-date-alerts). */
const ALERTED_STATES = ['H-1B', 'H-1BExtension', 'H-1BAmendment', 'O-1', 'O-1Amendment', 'o1Extension', 'J-1'];

/** A case that is over needs no reminder of its end. */
const FINISHED_STATUSES = ['withdrawn', 'denied', 'ineligible'];

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * One institution's end-date alerts: every open H-1B, O-1 or J-1 case whose processed end date is
 * within a configured offset (account settings, default 60 and 30 days) tells the users of the
 * case's department and the office, once per case, offset and end date. The rows of
 * scholar_alerts_sent are inserted first and only the rows this run inserted are announced: the
 * primary key makes a second run, or a run in parallel, find them taken and send nothing. A changed
 * end date is a new date and alerts again. The e-mail is the system message 'scholar.endDateApproaching', or the
 * office's own template for the event, in the office's wording (docs/product/messages.md#system-messages).
 */
export async function sendEndDateAlerts(ctx: TContext, today = ctx.today()): Promise<number> {
  return ctx.db(async (tx) => {
    const { endDateAlertOffsets: offsets } = await readAccountSettings(tx);
    const horizon = addDays(today, Math.max(...offsets));
    const cases = await tx
      .select({
        id: a.id,
        processedState: a.processedState,
        endDate: a.processedEndDate,
        departmentId: a.departmentId,
        campusSiteId: a.campusSiteId,
        scholarId: scholars.id,
        firstName: scholars.firstName,
        middleName: scholars.middleName,
        lastName: scholars.lastName,
        email: scholars.email,
        department: departments.name,
        startDate: a.processedStartDate,
        proposedStartDate: a.proposedStartDate,
        position: a.position,
        phase: a.phase,
        hiringAuthority: a.hiringAuthorityName,
      })
      .from(a)
      .innerJoin(scholars, eq(scholars.id, a.scholarId))
      .innerJoin(departments, eq(departments.id, a.departmentId))
      .where(
        and(
          inArray(a.processedState, ALERTED_STATES),
          notInArray(a.status, FINISHED_STATUSES),
          sql`${a.phase} <> 'closed'`,
          sql`${a.processedEndDate} between ${today}::date and ${horizon}::date`,
        ),
      )
      // One order for every run, so two runs meeting on the same rows wait for each other instead of deadlocking.
      .orderBy(a.id);
    let timeZone: string | null = null;
    let sent = 0;
    for (const c of cases) {
      const endDate = c.endDate!;
      const { daysLeft, dueOffsets } = endDateAlert(endDate, today, offsets);
      if (dueOffsets.length === 0) continue;
      const taken = await tx
        .insert(scholarAlertsSent)
        .values(
          dueOffsets.map((o) => ({
            institutionId: ctx.institutionId,
            applicationId: c.id,
            kind: 'end_date',
            offsetDays: o,
            forDate: endDate,
          })),
        )
        .onConflictDoNothing()
        .returning({ offsetDays: scholarAlertsSent.offsetDays });
      if (taken.length === 0) continue;
      const name = `${c.firstName} ${c.lastName}`.trim() || 'A scholar';
      const visa = PROCESSED_STATE_LABELS[c.processedState] ?? c.processedState;
      const when = daysLeft === 0 ? 'today' : `in ${daysLeft} day${daysLeft === 1 ? '' : 's'}, on ${usDate(endDate)}`;
      const text = `${visa} end date: ${name} (${c.department}) ends ${when}.`;
      const deptUsers = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'department'), eq(users.departmentId, c.departmentId), eq(users.isActive, true)));
      const office = await siteOfficers(tx, c.campusSiteId);
      // The bell always; the e-mail while the office's automated e-mail configuration sends it for this visa (docs/product/messages.md#automated-e-mail).
      const family = c.processedState.startsWith('H-1B') ? 'H-1B' : c.processedState.toUpperCase().startsWith('O') ? 'O-1' : 'J-1';
      const rule = await automatedEmailRule(tx, ctx, 'scholar.endDateApproaching', { visaType: family });
      let email: { subject: string; text: string; html: string | null } | null = null;
      if (rule.send) {
        timeZone ??= (await loadSettings(tx, ctx.institutionId)).timeZone;
        // The case's values (the same keys as the scholars' merge source) from the row read above: the daily job has no
        // signed-in actor to check the case's scope against.
        const values = formatMergeValues(
          {
            'account.firstName': c.firstName,
            'account.lastName': c.lastName,
            'account.email': c.email,
            'scholar.firstName': c.firstName,
            'scholar.lastName': c.lastName,
            'scholar.fullName': [c.firstName, c.middleName, c.lastName].filter(Boolean).join(' '),
            'scholar.email': c.email,
            'scholar.visaType': c.processedState,
            'scholar.position': c.position,
            'scholar.department': c.department,
            'scholar.startDate': c.startDate ?? c.proposedStartDate,
            'scholar.endDate': endDate,
            'scholar.phase': scholarPhaseLabel(c.phase),
            'scholar.hiringAuthority': c.hiringAuthority,
            'reminder.dueDate': endDate,
            'reminder.daysLeft': String(daysLeft),
            'reminder.when': when,
            'reminder.visaStatus': visa,
            'reminder.scholarName': name,
          },
          timeZone,
        );
        const systemKey = automatedEmailOf('scholar.endDateApproaching')!.systemKey;
        const message = await renderAutomatedMessage(tx, ctx, { systemKey, templateId: rule.templateId }, values);
        email = { subject: message.subject, text: message.text, html: message.html };
      }
      await notify(tx, ctx, {
        userIds: [...deptUsers.map((u) => u.id), ...office],
        typeName: 'scholar.end-date',
        scholarId: c.scholarId,
        scholarApplicationId: c.id,
        text,
        email,
      });
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: null,
        entityType: 'scholar_application',
        entityId: c.id,
        action: END_DATE_ALERT_ACTION,
        after: { endDate, daysLeft, offsets: taken.map((x) => x.offsetDays).sort((x, y) => x - y) },
      });
      sent++;
    }
    return sent;
  });
}
