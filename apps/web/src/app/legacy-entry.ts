/**
 * Legacy entry: old links carry `?fuseaction=...`. Read it once, pick the
 * start page or route table, and strip the query so it does not linger in the address.
 */
export type TEntryMode = 'normal' | 'approval';

export function readLegacyEntry(): TEntryMode {
  const params = new URLSearchParams(window.location.search);
  const fuseaction = params.get('fuseaction');
  if (!params.toString()) return 'normal';
  let mode: TEntryMode = 'normal';
  let hash = window.location.hash;
  switch (fuseaction?.toLowerCase()) {
    case 'sevis.isssstudentlist':
      hash = '#/isss/students-list';
      break;
    case 'scholar.dashboard':
      hash = '#/admin/dashboard';
      break;
    case 'scholarportal.approvalreview':
      mode = 'approval';
      if (!hash || hash === '#' || hash === '#/') hash = '#/approval-review';
      break;
    default:
      break;
  }
  if (fuseaction !== null || mode === 'approval') {
    window.history.replaceState(null, '', `${window.location.pathname}${hash}`);
  }
  return mode;
}
