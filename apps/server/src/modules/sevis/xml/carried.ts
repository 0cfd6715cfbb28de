import { isTippCategory } from '@meridian/domain';
import type { TBatchRecordInput, TDependent, TSite, TTippPhase, TTippSite } from './types.js';

/**
 * What a Create carries besides the person, the one rule the builder and the batching share: the
 * active dependents SEVIS does not know yet (a Create takes at most 25) and, for an exchange visitor, the active sites
 * of activity (at most 25). Whatever a Create carried is never added again
 * (docs/decisions/019-sevis-events-reach-sevis-once.md).
 */
export const carriedDependents = (r: Pick<TBatchRecordInput, 'dependents'>): TDependent[] =>
  r.dependents.filter((d) => d.status === 'Active' && !d.sevisId);

/**
 * Whether a Create carries sites of activity: not for a trainee or intern (SEVIS Table 15: 1G, 2A, 2B,
 * 14, 15), who has a T/IPP instead, unless in the Korea WEST program (SEVIS S2251; IWT S2256).
 */
export const createCarriesSitesOfActivity = (r: Pick<TBatchRecordInput, 'profile' | 'tipp'>): boolean =>
  !isTippCategory(r.profile.evCategoryCode) || r.tipp?.plan?.exemptProgram === 'KW';

/** Whether a Create carries a T/IPP (CreateEV AddTIPP: the plan, or the program that exempts from one). */
export const createCarriesTipp = (r: Pick<TBatchRecordInput, 'profile' | 'tipp'>): boolean => isTippCategory(r.profile.evCategoryCode);

export const carriedSites = (r: Pick<TBatchRecordInput, 'sites' | 'profile' | 'tipp'>): TSite[] =>
  createCarriesSitesOfActivity(r) ? r.sites.filter((s) => s.isActive).slice(0, 25) : [];

/** A T/IPP's active sites (at most 25, EV schema 6.27 AddTIPP/TippSite) and each one's active phases. */
export const activeTippSites = (r: Pick<TBatchRecordInput, 'tipp'>): TTippSite[] =>
  (r.tipp?.sites ?? []).filter((s) => s.isActive).slice(0, 25);
export const activeTippPhases = (r: Pick<TBatchRecordInput, 'tipp'>, siteId: string): TTippPhase[] =>
  (r.tipp?.phases ?? []).filter((ph) => ph.isActive && ph.siteId === siteId);

/**
 * The T/IPP sites and phases a batched record carries to SEVIS: a trainee's or intern's Create the whole
 * plan (unless exempt), a TIPP AddSite its site with its phases, an AddPhase its phase. Once batched they
 * are never added again: later changes go as updates of what SEVIS has.
 */
export function carriedTipp(r: TBatchRecordInput): { siteIds: string[]; phaseIds: string[] } {
  const none = { siteIds: [], phaseIds: [] };
  if (r.eventType === 'Create') {
    if (!createCarriesTipp(r) || r.tipp?.plan?.exemptProgram || !r.tipp?.plan) return none;
    const sites = activeTippSites(r);
    return { siteIds: sites.map((s) => s.id), phaseIds: sites.flatMap((s) => activeTippPhases(r, s.id).map((ph) => ph.id)) };
  }
  if (r.eventType !== 'TIPP') return none;
  const siteId = typeof r.payload.tippSiteId === 'string' ? r.payload.tippSiteId : '';
  if (r.action === 'AddSite' && siteId) return { siteIds: [siteId], phaseIds: activeTippPhases(r, siteId).map((ph) => ph.id) };
  if (r.action === 'AddPhase' && typeof r.payload.tippPhaseId === 'string') return { siteIds: [], phaseIds: [r.payload.tippPhaseId] };
  return none;
}

const hex = (uuid: string) => uuid.replace(/-/g, '').toUpperCase();

/**
 * UserDefinedA / UserDefinedB of a dependent (SEVIS Common.xsd UserDefinedAType ≤ 10, UserDefinedBType
 * ≤ 14 characters): SEVIS echoes them on each dependent of the transaction log, so its SEVIS ID is
 * matched to our row by them, never by position. A: the principal's record, B: the dependent's row.
 */
export const dependentUserDefined = (profileId: string, dependentId: string) => ({
  UserDefinedA: hex(profileId).slice(0, 10),
  UserDefinedB: hex(dependentId).slice(0, 14),
});

/** The dependent of a record whose UserDefinedB (as echoed by SEVIS) names it. */
export const dependentByUserDefined = <T extends { id: string }>(dependents: T[], userDefinedB: string): T | undefined => {
  const b = userDefinedB.trim().toUpperCase();
  return b.length === 14 ? dependents.find((d) => hex(d.id).startsWith(b)) : undefined;
};
