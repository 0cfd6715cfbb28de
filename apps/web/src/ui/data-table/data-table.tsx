import { Fragment, memo, useDeferredValue, type ReactNode } from 'react';
import { visuallyHidden } from '../visually-hidden';
import { Pager, type TPaging, type TSeek } from './pager';

export type { TPaging, TSeek };
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  type SxProps,
  type TableRowProps,
  type Theme,
} from '@mui/material';

export type TSortOrder = 'asc' | 'desc';

/** One column: its header, how a row fills its cell, and the server's sort key when it sorts. */
export interface TColumn<R> {
  key: string;
  /** The header's text (or a control such as a select-all checkbox). */
  header: ReactNode;
  cell: (row: R) => ReactNode;
  /** The server's sort key: the header becomes a sort button. */
  sort?: string | undefined;
  /** This column names the row (a row header for screen readers). */
  isRowHeader?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Keep the cell on one line (dates, codes). */
  noWrap?: boolean;
  padding?: 'checkbox' | 'normal' | 'none';
  sx?: SxProps<Theme>;
}

export interface TSorting {
  sort: string;
  order: TSortOrder;
  onSort: (sort: string, order: TSortOrder) => void;
}

/** What the table needs of the list's query (a TanStack Query result fits). */
export interface TListQueryState {
  isFetching: boolean;
  isSuccess: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface TDataTableProps<R> {
  /** The table's accessible name, unless a caption names it. */
  label?: string;
  /** A visible caption above the rows (it then names the table). */
  caption?: ReactNode;
  columns: readonly TColumn<R>[];
  rows: readonly R[] | undefined;
  rowKey: (row: R) => string;
  rowProps?: (row: R) => Omit<TableRowProps, 'key'>;
  /** What a row shows under itself across the whole width when opened (null: nothing). */
  expansion?: (row: R) => ReactNode;
  query: TListQueryState;
  loadingLabel: string;
  /** Said in the one row of a list that loaded empty. */
  empty: ReactNode;
  /** Said above the table when the list could not be loaded (with a Retry button). */
  errorText?: ReactNode;
  /** Rows across all pages, for the pagination; without it (or paging) the table does not page. */
  total?: number | undefined;
  paging?: TPaging | undefined;
  /** For a list that pages by keyset: its answer's next/prev cursors and whether the total is capped. */
  seek?: TSeek | undefined;
  sorting?: TSorting | undefined;
  minWidth?: number;
  /** Rows or panels shown under the body, inside the table's frame. */
  footer?: ReactNode;
}

const headerSx: SxProps<Theme> = { whiteSpace: 'nowrap', fontWeight: 600 };

function SortHeader<R>({ column, sorting }: { column: TColumn<R> & { sort: string }; sorting: TSorting }) {
  const active = sorting.sort === column.sort;
  const direction: TSortOrder = active ? sorting.order : 'asc';
  return (
    <TableSortLabel
      active={active}
      direction={direction}
      onClick={() => sorting.onSort(column.sort, active && sorting.order === 'asc' ? 'desc' : 'asc')}
    >
      {column.header}
      {active ? (
        <Box component="span" sx={visuallyHidden}>
          {sorting.order === 'asc' ? ' sorted ascending' : ' sorted descending'}
        </Box>
      ) : null}
    </TableSortLabel>
  );
}

/** The column headers: drawn again when the columns or the sort change, not on every render of the page. */
const HeaderRow = memo(function HeaderRow<R>({ columns, sorting }: { columns: readonly TColumn<R>[]; sorting: TSorting | undefined }) {
  return (
    <TableRow>
      {columns.map((c) => (
        <TableCell
          key={c.key}
          scope="col"
          align={c.align ?? 'left'}
          padding={c.padding ?? 'normal'}
          sx={headerSx}
          sortDirection={c.sort && sorting?.sort === c.sort ? sorting.order : false}
        >
          {c.sort && sorting ? <SortHeader column={{ ...c, sort: c.sort }} sorting={sorting} /> : c.header}
        </TableCell>
      ))}
    </TableRow>
  );
}) as <R>(props: { columns: readonly TColumn<R>[]; sorting: TSorting | undefined }) => ReactNode;

interface TRowsProps<R> {
  columns: readonly TColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  rowProps: TDataTableProps<R>['rowProps'] | undefined;
  expansion: TDataTableProps<R>['expansion'] | undefined;
}

/** The body's rows: drawn again only when the rows or columns change, not on every render of the page around them. */
const Rows = memo(function Rows<R>({ columns, rows, rowKey, rowProps, expansion }: TRowsProps<R>) {
  return rows.map((r) => {
    const opened = expansion?.(r);
    return (
      <Fragment key={rowKey(r)}>
        <TableRow hover {...rowProps?.(r)}>
          {columns.map((c) => (
            <TableCell
              key={c.key}
              align={c.align ?? 'left'}
              padding={c.padding ?? 'normal'}
              {...(c.isRowHeader ? { component: 'th', scope: 'row' } : {})}
              style={c.noWrap ? { whiteSpace: 'nowrap' } : undefined}
              sx={c.sx}
            >
              {c.cell(r)}
            </TableCell>
          ))}
        </TableRow>
        {opened ? (
          <TableRow>
            <TableCell colSpan={columns.length} sx={{ bgcolor: 'action.hover' }}>
              {opened}
            </TableCell>
          </TableRow>
        ) : null}
      </Fragment>
    );
  });
}) as <R>(props: TRowsProps<R>) => ReactNode;

const NO_ROWS: readonly never[] = [];

/**
 * The list table every list screen uses: sortable headers (the sort happens on the server), paging,
 * a loading bar, an error with Retry, and a row saying why a loaded list is empty. State lives with
 * the caller (usually the address, through useUrlTable).
 */
export function DataTable<R>(props: TDataTableProps<R>) {
  const { columns, rows = NO_ROWS, query, paging, sorting, total } = props;
  // Rows that arrive are drawn in the background (React may pause between rows for input and paint),
  // the rest of the page first: a page of rows is the largest piece of work of a list screen.
  const shown = useDeferredValue(rows);
  const current = shown === rows;
  return (
    <Box>
      {query.isFetching ? <LinearProgress aria-label={props.loadingLabel} /> : <Box sx={{ height: 4 }} />}
      {query.isError ? (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {props.errorText ?? 'The list could not be loaded.'}
        </Alert>
      ) : null}
      <TableContainer>
        <Table
          size="small"
          aria-label={props.caption ? undefined : props.label}
          aria-busy={query.isFetching}
          // Rows of the page being left stay as they are (fading them would fail text contrast); the pager says "Loading…".
          sx={props.minWidth ? { minWidth: props.minWidth } : {}}
        >
          {props.caption ? <caption style={{ captionSide: 'top', padding: '8px 16px' }}>{props.caption}</caption> : null}
          <TableHead>
            <HeaderRow columns={columns} sorting={sorting} />
          </TableHead>
          <TableBody>
            <Rows columns={columns} rows={shown} rowKey={props.rowKey} rowProps={props.rowProps} expansion={props.expansion} />
            {query.isSuccess && current && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ py: 4, textAlign: 'center' }}>
                  {props.empty}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {props.footer}
      {/* Not before the first rows are drawn: it would say "0 of 0", then jump down the page when they arrive. */}
      {paging && total !== undefined && shown !== NO_ROWS ? (
        <Pager total={total} paging={paging} seek={props.seek} loading={query.isFetching} />
      ) : null}
    </Box>
  );
}
