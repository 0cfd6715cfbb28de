import { TIPP_MSG } from '@meridian/domain';
import { AppError, fieldError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { raiseEvent } from './raise-event.js';
import { auditTipp, loadTipp, presentTipp, printIssue } from '../tipp-fields.js';

/**
 * Asks SEVIS to print the DS-7002 again (UpdateEV Reprint7002, whole or one site's): only for a
 * trainee or intern (SEVIS S2279) with a T/IPP (S2280) whom SEVIS has (an update needs the SEVIS ID);
 * a site only once SEVIS has named it (its SiteId). One request per site (or whole) waits at a time.
 */
export async function printDs7002(ctx: TContext, profileId: string, input: { siteId: string | null }) {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'edit');
    const t = await loadTipp(tx, profileId);
    const issue = p.visaType === 'J-1' ? printIssue(p, t) : TIPP_MSG.printNotApplicable;
    if (issue) throw new AppError(409, 'DS7002_NOT_PRINTABLE', issue);
    const site = input.siteId ? t.sites.find((s) => s.id === input.siteId) : undefined;
    if (input.siteId && !site) throw fieldError('siteId', 'Choose one of the plan’s sites');
    if (site && !site.sevisSiteId) throw fieldError('siteId', TIPP_MSG.printSiteUnknown);
    const { id } = await raiseEvent(tx, ctx, {
      profileId,
      eventType: 'Reprint7002',
      action: 'Reprint7002',
      mergeKey: `print:${site?.id ?? 'all'}`,
      payload: { sevisId: p.sevisId, tippSiteId: site?.id ?? null, sevisSiteId: site?.sevisSiteId ?? null, siteName: site?.name ?? null },
    });
    await auditTipp(tx, ctx, profileId, 'student.tipp.print-requested', null, { sevisEventId: id, tippSiteId: site?.id ?? null });
    return presentTipp(tx, ctx, p, t);
  });
}
