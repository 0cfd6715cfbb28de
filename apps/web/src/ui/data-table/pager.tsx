import { Box, CircularProgress, TablePagination } from '@mui/material';
import { formatCount } from '../format-count';

export interface TPaging {
  /** From 1. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number, pageSize: number) => void;
  /** Keyset paging: the cursor the page was reached by (handed to the list's query as `after`/`before`). */
  after?: string | undefined;
  before?: string | undefined;
  /** Moves one page by the list's cursor (lists that page by keyset; see TSeek). */
  onSeek?: (page: number, cursor: { after?: string; before?: string }) => void;
}

/** What a list that pages by keyset says beside its rows: where the next and previous pages start, and whether `total` is a floor. */
export interface TSeek {
  next: string | null;
  prev: string | null;
  totalCapped: boolean;
}

const count = formatCount;

/**
 * Paging under a list: named buttons to the previous and next page, and the page size when there is a
 * choice. A list that pages by keyset (`seek`) moves one page by its cursors, so the next page costs
 * what the first did however deep it is, and a list counted to a cap says "more than" its total.
 * While a page loads (`loading`) the pager says so where the person clicked, and its buttons wait.
 */
export function Pager({
  total,
  paging,
  seek,
  loading = false,
}: {
  total: number;
  paging: TPaging;
  seek?: TSeek | undefined;
  loading?: boolean;
}) {
  const pageCount = Math.max(1, Math.ceil(total / paging.pageSize));
  const capped = !!seek?.totalCapped;
  // A capped list's page may lie past its counted total: the page number is then the only guide.
  const page = capped ? Math.max(0, paging.page - 1) : Math.min(Math.max(0, paging.page - 1), pageCount - 1);
  const onSeek = seek && paging.onSeek;
  return (
    <TablePagination
      component="div"
      count={capped ? -1 : total}
      page={page}
      rowsPerPage={paging.pageSize}
      rowsPerPageOptions={[...paging.pageSizes]}
      labelDisplayedRows={({ from, to }) => (
        <Box component="span" role="status" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          {loading ? <CircularProgress size={14} aria-hidden /> : null}
          {loading ? 'Loading…' : `${count(from)}–${count(to)} of ${capped ? `more than ${count(total)}` : count(total)}`}
        </Box>
      )}
      slotProps={{
        actions: {
          nextButton: { disabled: loading || (seek ? !seek.next : page >= pageCount - 1) },
          previousButton: { disabled: loading || page === 0 },
        },
      }}
      onPageChange={(_, p) => {
        if (onSeek && p === page + 1 && seek.next) onSeek(p + 1, { after: seek.next });
        else if (onSeek && p === page - 1 && p > 0 && seek.prev) onSeek(p + 1, { before: seek.prev });
        else paging.onPage(p + 1, paging.pageSize);
      }}
      onRowsPerPageChange={(e) => paging.onPage(1, Number(e.target.value))}
    />
  );
}
