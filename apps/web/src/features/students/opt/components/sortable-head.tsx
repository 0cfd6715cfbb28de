import { TableCell, TableHead, TableRow, TableSortLabel } from '@mui/material';

export interface TColumn<S extends string> {
  key: string;
  label: string;
  sort?: S;
  width?: number;
}

/** A table head whose sortable columns sort on the server. */
export function SortableHead<S extends string>({
  columns,
  sort,
  order,
  onSort,
}: {
  columns: TColumn<S>[];
  sort: S;
  order: 'asc' | 'desc';
  onSort: (sort: S, order: 'asc' | 'desc') => void;
}) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((c) => (
          <TableCell
            key={c.key}
            scope="col"
            sx={{ whiteSpace: 'nowrap', width: c.width }}
            sortDirection={c.sort && sort === c.sort ? order : false}
          >
            {c.sort ? (
              <TableSortLabel
                active={sort === c.sort}
                direction={sort === c.sort ? order : 'asc'}
                onClick={() => onSort(c.sort!, sort === c.sort && order === 'asc' ? 'desc' : 'asc')}
              >
                {c.label}
              </TableSortLabel>
            ) : (
              c.label
            )}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
