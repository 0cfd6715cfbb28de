import { and, eq, sql } from 'drizzle-orm';
import { UNEMPLOYMENT_LEVEL_LABELS, type TUnemploymentLevel } from '@meridian/domain';
import { auditEvents } from '../../../../platform/audit/schema.js';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TContext } from '../../../../platform/http/context.js';
import { automatedEmailRule } from '../../../messages/index.js';
import { notify } from '../../../notifications/index.js';
import { siteOfficers } from '../../../people/index.js';
import { loadOptData } from '../queries/opt-data.query.js';
import { optStudentProfiles } from '../queries/opt-students.query.js';

export const UNEMPLOYMENT_ALERT_ACTION = 'student.opt.unemployment-alert';

const ALERT_LEVELS: TUnemploymentLevel[] = ['warning', 'critical', 'exceeded'];

/**
 * One institution's unemployment alerts: each student whose counter reached warning, critical or
 * exceeded hears about it once per level and allowance (90, or 150 with STEM; for exceeded, the limit
 * that was passed), and so does the office. The audit event that records the alert is what makes it once (and shows in the History Log).
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
      const mail = (await automatedEmailRule(tx, ctx, 'opt.unemploymentLevel', { visaType: 'F-1' })).send;
      if (p.userId) {
        await notify(tx, ctx, {
          userIds: [p.userId],
          typeName: 'opt.unemployment',
          profileId: p.id,
          text: `OPT unemployment days — ${label}: your counter ${status}.`,
          email: !mail
            ? null
            : {
                subject: `OPT unemployment days: ${label}`,
                text: `Your OPT unemployment counter ${status}.\n\nDays without a reported employer count against the limit (90 days during post-completion OPT; 150 in all from the first day of a STEM extension). If you have started work, report your employer to the international office now.\n`,
              },
        });
      }
      await notify(tx, ctx, {
        userIds: await siteOfficers(tx, p.campusSiteId),
        typeName: 'opt.unemployment',
        profileId: p.id,
        text: `OPT unemployment — ${label}: ${name}${p.sevisId ? ` (${p.sevisId})` : ''} ${status}.`,
        email: !mail
          ? null
          : {
              subject: `OPT unemployment ${label.toLowerCase()}: ${name}`,
              text: `${name}${p.sevisId ? ` (${p.sevisId})` : ''} ${status} of OPT unemployment.\n\nSee OPT Students & Employers in the student area.\n`,
            },
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
