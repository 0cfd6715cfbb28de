import { TablePagination } from '@mui/material';
import type { TPaging } from './data-table';

/** Paging under a list: named buttons to the previous and next page, and the page size when there is a choice. */
export function Pager({ total, paging }: { total: number; paging: TPaging }) {
  const pageCount = Math.max(1, Math.ceil(total / paging.pageSize));
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(Math.max(0, paging.page - 1), pageCount - 1)}
      rowsPerPage={paging.pageSize}
      rowsPerPageOptions={[...paging.pageSizes]}
      onPageChange={(_, p) => paging.onPage(p + 1, paging.pageSize)}
      onRowsPerPageChange={(e) => paging.onPage(1, Number(e.target.value))}
    />
  );
}
