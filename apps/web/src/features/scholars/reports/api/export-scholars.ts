import { scholarsApi } from '@meridian/domain';
import { downloadFile } from '../../../../app/http/download-file';

/** Downloads the filtered dashboard as Excel: the scholars sheet, or the F-1 OPT/STEM cases with their employment flags. */
export function downloadScholarExport(kind: 'scholars' | 'opt', query: scholarsApi.TScholarExportQuery): Promise<void> {
  return kind === 'opt'
    ? downloadFile(scholarsApi.exportOpt, { query }, 'OPT.xlsx')
    : downloadFile(scholarsApi.exportScholars, { query }, 'Scholar_Export.xlsx');
}
