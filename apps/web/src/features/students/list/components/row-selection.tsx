import { Checkbox } from '@mui/material';
import type { TColumn } from '../../../../ui/data-table';

/** The rows chosen in the list (kept across pages), each with its visa type. */
export type TRowSelection = ReadonlyMap<string, string>;

/** A first column of checkboxes: one per row, and one in the header for every row on the page. */
export function selectionColumn<R extends { id: string; visaType: string; firstName: string; lastName: string }>(
  rows: readonly R[],
  selected: TRowSelection,
  onChange: (next: TRowSelection) => void,
): TColumn<R> {
  const onPage = rows.filter((r) => selected.has(r.id)).length;
  const toggle = (r: R, on: boolean) => {
    const next = new Map(selected);
    if (on) next.set(r.id, r.visaType);
    else next.delete(r.id);
    onChange(next);
  };
  return {
    key: 'select',
    padding: 'checkbox',
    header: (
      <Checkbox
        size="small"
        checked={rows.length > 0 && onPage === rows.length}
        indeterminate={onPage > 0 && onPage < rows.length}
        disabled={rows.length === 0}
        onChange={(e) => {
          const next = new Map(selected);
          for (const r of rows) {
            if (e.target.checked) next.set(r.id, r.visaType);
            else next.delete(r.id);
          }
          onChange(next);
        }}
        slotProps={{ input: { 'aria-label': 'Choose every student on this page' } }}
      />
    ),
    cell: (r) => (
      <Checkbox
        size="small"
        checked={selected.has(r.id)}
        onChange={(e) => toggle(r, e.target.checked)}
        slotProps={{ input: { 'aria-label': `Choose ${r.firstName} ${r.lastName}` } }}
      />
    ),
  };
}
