import { Box, Button, LinearProgress, MenuItem, TableCell, TablePagination, TableRow } from '@mui/material';
import type { sevisApi } from '@meridian/domain';

/** The state of a list query these parts show. */
interface TListState {
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A thin bar over a list while it loads; an empty strip of the same height otherwise, so the table does not jump. */
export function ListLoadingBar({ list, label }: { list: TListState; label: string }) {
  return list.isFetching ? <LinearProgress aria-label={label} /> : <Box sx={{ height: 4 }} />;
}

/** The one row of a list that has no rows once loaded: why it is empty, or that it failed with Try again. */
export function ListEmptyRow({
  list,
  rowCount,
  colSpan,
  emptyText,
}: {
  list: TListState;
  rowCount: number;
  colSpan: number;
  emptyText: string;
}) {
  if (list.isFetching || rowCount > 0) return null;
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ py: 4, textAlign: 'center' }}>
        {list.isError ? (
          <>
            The list could not be loaded.{' '}
            <Button size="small" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </>
        ) : (
          emptyText
        )}
      </TableCell>
    </TableRow>
  );
}

/**
 * Paging of a list whose page (from 1) and page size live in the address: a new page size goes
 * back to page 1.
 */
export function ListPagination({
  total,
  page,
  pageSize,
  rowsPerPageOptions = [10, 25, 50, 100],
  onChange,
}: {
  total: number;
  page: number;
  pageSize: number;
  rowsPerPageOptions?: number[];
  onChange: (p: { page: string; pageSize?: string }) => void;
}) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={rowsPerPageOptions}
      onPageChange={(_, p) => onChange({ page: String(p + 1) })}
      onRowsPerPageChange={(e) => onChange({ page: '1', pageSize: e.target.value })}
    />
  );
}

/** The OrgID choices of a filter: each SEVIS settings the caller's pending groups name. */
export function orgIdOptions(groups: sevisApi.TPendingGroup[]) {
  return groups
    .filter((g) => g.settingsId)
    .map((g) => (
      <MenuItem key={g.settingsId} value={g.settingsId!}>
        {g.orgId} ({g.campusSiteName})
      </MenuItem>
    ));
}
