import { scholarsApi } from '@meridian/domain';
import { saveFile } from '../../attachments/api/binary';

/** Downloads the filtered dashboard as Excel: the scholars sheet, or the F-1 OPT/STEM cases with their employment flags. */
export function downloadScholarExport(kind: 'scholars' | 'opt', query: scholarsApi.TScholarExportQuery): Promise<void> {
  const contract = kind === 'opt' ? scholarsApi.exportOpt : scholarsApi.exportScholars;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return saveFile(`${contract.path}${s ? `?${s}` : ''}`, {}, kind === 'opt' ? 'OPT.xlsx' : 'Scholar_Export.xlsx');
}
