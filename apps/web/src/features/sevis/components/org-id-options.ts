import type { sevisApi } from '@meridian/domain';
import type { TFilterOption } from '../../../ui/data-table';

/** The OrgID choices of a filter: each SEVIS settings the caller's pending groups name. */
export function orgIdOptions(groups: sevisApi.TPendingGroup[]): TFilterOption[] {
  return groups.flatMap((g) => (g.settingsId ? [{ value: g.settingsId, label: `${g.orgId} (${g.campusSiteName})` }] : []));
}
