import { useMemo, useState } from 'react';
import type { TPaging } from './data-table';

const SMALL_PAGE_SIZES = [10, 25, 50] as const;

/**
 * Paging held by the component, for a secondary list inside a page or a dialog (a history, an
 * upload log) whose page is not worth keeping in the address.
 */
export function usePaging({
  pageSize = 10,
  pageSizes = SMALL_PAGE_SIZES,
}: { pageSize?: number; pageSizes?: readonly number[] } = {}): TPaging {
  const [state, setState] = useState({ page: 1, pageSize });
  return useMemo(
    () => ({ ...state, pageSizes, onPage: (page: number, size: number) => setState({ page, pageSize: size }) }),
    [state, pageSizes],
  );
}
