import type { TBatchRecordInput, TDependent, TSite } from './types.js';

/**
 * What a Create carries besides the person, the one rule the builder and the batching share: the
 * active dependents SEVIS does not know yet (a Create takes at most 25) and, for an exchange visitor, the active sites
 * of activity (at most 25). Whatever a Create carried is never added again
 * (docs/decisions/019-sevis-events-reach-sevis-once.md).
 */
export const carriedDependents = (r: Pick<TBatchRecordInput, 'dependents'>): TDependent[] =>
  r.dependents.filter((d) => d.status === 'Active' && !d.sevisId);

export const carriedSites = (r: Pick<TBatchRecordInput, 'sites'>): TSite[] => r.sites.filter((s) => s.isActive).slice(0, 25);

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
