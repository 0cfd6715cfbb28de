import type { ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';
import { DataTable, type TColumn, type TListQueryState, type TPaging } from './data-table';

export interface UploadsTableCardProps<R> {
  /** The card's heading ("Imports"). */
  title: string;
  /** The table's accessible name. */
  label: string;
  columns: readonly TColumn<R>[];
  /** The list's query: a page of its items and their total. */
  list: TListQueryState & { data?: { items: readonly R[]; total: number } | undefined };
  loadingLabel: string;
  empty: ReactNode;
  minWidth: number;
  paging: TPaging;
}

/** The uploads or imports of a page so far, newest first, a page at a time under a heading. */
export function UploadsTableCard<R extends { id: string }>({
  title,
  label,
  columns,
  list,
  loadingLabel,
  empty,
  minWidth,
  paging,
}: UploadsTableCardProps<R>) {
  return (
    <Paper variant="outlined">
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', p: 2, pb: 1 }}>
        {title}
      </Typography>
      <DataTable
        label={label}
        columns={columns}
        rows={list.data?.items}
        rowKey={(s) => s.id}
        query={list}
        loadingLabel={loadingLabel}
        empty={empty}
        minWidth={minWidth}
        total={list.data?.total ?? 0}
        paging={paging}
      />
    </Paper>
  );
}
