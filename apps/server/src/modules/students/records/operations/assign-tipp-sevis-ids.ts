import { eq } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { studentTippPhases, studentTippSites } from '../../schema.js';

/** A site SEVIS names in a transaction log (SevisTransLog.xsd SiteOfActivityLogType: SiteId, SiteName, Phase). */
export interface TLoggedTippSite {
  sevisSiteId: string;
  siteName: string;
  phases: { sevisPhaseId: string; phaseName: string }[];
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toUpperCase();

export interface TTippIdsAssigned {
  tippSiteId: string;
  sevisSiteId: string;
  phases: { tippPhaseId: string; sevisPhaseId: string }[];
}

/**
 * SEVIS's SiteId and PhaseIds of the T/IPP sites and phases a record's result names. The schema has
 * no user-defined field for them: a site is the record's site SEVIS already named by that id, else one
 * sent to SEVIS (a batched Create or AddSite carried it) under that name (SiteName, at most 60
 * characters) without an id; a phase is matched by its name (PhaseName) among its site's phases sent.
 * Returns what was assigned (for the History Log) and the logged sites that are none of the T/IPP's
 * (sites of activity, matched by the caller).
 */
export async function assignTippSevisIds(
  tx: TTx,
  profileId: string,
  logged: TLoggedTippSite[],
): Promise<{ assigned: TTippIdsAssigned[]; others: TLoggedTippSite[] }> {
  if (!logged.length) return { assigned: [], others: [] };
  const sites = await tx.select().from(studentTippSites).where(eq(studentTippSites.profileId, profileId));
  const phases = await tx.select().from(studentTippPhases).where(eq(studentTippPhases.profileId, profileId));
  const out: TTippIdsAssigned[] = [];
  const others: TLoggedTippSite[] = [];
  const now = new Date();
  for (const l of logged) {
    const byName = sites.filter((s) => s.sentAt && norm(s.name).slice(0, 60) === norm(l.siteName).slice(0, 60));
    const site =
      sites.find((s) => l.sevisSiteId && s.sevisSiteId === l.sevisSiteId) ??
      byName.find((s) => s.isActive && !s.sevisSiteId) ??
      byName.find((s) => !s.sevisSiteId);
    if (!site) {
      others.push(l);
      continue;
    }
    if (l.sevisSiteId && site.sevisSiteId !== l.sevisSiteId) {
      await tx
        .update(studentTippSites)
        .set({ sevisSiteId: l.sevisSiteId.slice(0, 50), updatedAt: now })
        .where(eq(studentTippSites.id, site.id));
      site.sevisSiteId = l.sevisSiteId;
    }
    const assigned: { tippPhaseId: string; sevisPhaseId: string }[] = [];
    for (const lp of l.phases) {
      const own = phases.filter((ph) => ph.siteId === site.id && (ph.sentAt || ph.sevisPhaseId) && norm(ph.name) === norm(lp.phaseName));
      const ph =
        own.find((x) => x.sevisPhaseId === lp.sevisPhaseId) ??
        own.find((x) => x.isActive && !x.sevisPhaseId) ??
        own.find((x) => !x.sevisPhaseId);
      if (!ph || ph.sevisPhaseId === lp.sevisPhaseId) continue;
      await tx
        .update(studentTippPhases)
        .set({ sevisPhaseId: lp.sevisPhaseId.slice(0, 22), updatedAt: now })
        .where(eq(studentTippPhases.id, ph.id));
      ph.sevisPhaseId = lp.sevisPhaseId;
      assigned.push({ tippPhaseId: ph.id, sevisPhaseId: lp.sevisPhaseId });
    }
    out.push({ tippSiteId: site.id, sevisSiteId: site.sevisSiteId, phases: assigned });
  }
  return { assigned: out, others };
}
