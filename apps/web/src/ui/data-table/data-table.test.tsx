// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type TColumn, type TListQueryState, type TSeek } from './data-table';
import { useUrlTable } from './use-url-table';
import { DateFilter, SearchField } from './filter-fields';

afterEach(cleanup);

interface TRow {
  id: string;
  name: string;
  end: string;
}
const COLUMNS: TColumn<TRow>[] = [
  { key: 'name', header: 'Name', sort: 'name', isRowHeader: true, cell: (r) => r.name },
  { key: 'end', header: 'Program end', sort: 'end', cell: (r) => r.end },
  { key: 'note', header: 'Note', cell: () => '—' },
];
const ROWS: TRow[] = [
  { id: '1', name: 'Chen, Wei', end: '05/15/2026' },
  { id: '2', name: 'Sharma, Priya', end: '12/31/2025' },
];
const loaded: TListQueryState = { isFetching: false, isSuccess: true, isError: false, refetch: () => undefined };

/** The address as the router holds it, shown so a test can read it. */
function Address() {
  const l = useLocation();
  return <output data-testid="address">{l.pathname + l.search}</output>;
}

function UrlList({ total = 120, query = loaded, seek }: { total?: number; query?: TListQueryState; seek?: TSeek }) {
  const t = useUrlTable({ filters: { q: '', endFrom: '' }, sorts: ['name', 'end'], sort: 'name', order: 'asc' });
  return (
    <>
      <SearchField value={t.filters.q} onChange={(q) => t.setFilters({ q })} />
      <DateFilter label="Program end from" value={t.filters.endFrom} onChange={(endFrom) => t.setFilters({ endFrom })} />
      <DataTable
        label="Students"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(r) => r.id}
        query={query}
        loadingLabel="Loading students"
        empty="No students."
        total={total}
        paging={t.paging}
        seek={seek}
        sorting={t.sorting}
      />
      <Address />
    </>
  );
}

const address = () => screen.getByTestId('address').textContent;
const renderAt = (url: string, ui = <UrlList />) => render(<MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>);

describe('DataTable', () => {
  it('names the table, its column headers and the row headers', () => {
    renderAt('/list');
    const table = screen.getByRole('table', { name: 'Students' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name sorted ascending', 'Program end', 'Note']);
    expect(within(table).getByRole('rowheader', { name: 'Chen, Wei' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('sorts through keyboard-reachable header buttons and keeps the sort in the address', () => {
    renderAt('/list');
    const byEnd = screen.getByRole('button', { name: 'Program end' });
    expect(byEnd.tabIndex).toBe(0);
    fireEvent.click(byEnd);
    expect(address()).toBe('/list?filters=sort:end');
    fireEvent.click(screen.getByRole('button', { name: 'Program end sorted ascending' }));
    expect(address()).toBe('/list?filters=sort:end;order:desc');
    expect(screen.getByRole('columnheader', { name: /Program end/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('pages with named buttons and keeps page and page size in the address', () => {
    renderAt('/list');
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(address()).toBe('/list?filters=page:2');
    expect(screen.getByText('26–50 of 120')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(address()).toBe('/list');
  });

  it('moves one page by the list\'s cursors, and says "more than" a capped total', () => {
    renderAt('/list', <UrlList total={10000} seek={{ next: 'Ck2', prev: null, totalCapped: true }} />);
    expect(screen.getByText('1–25 of more than 10,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(address()).toBe('/list?filters=page:2;after:Ck2');
    cleanup();
    renderAt('/list?filters=page:2;after:Ck2', <UrlList total={30} seek={{ next: null, prev: 'Pv1', totalCapped: false }} />);
    expect(screen.getByText('26–30 of 30')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Go to next page' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    // Back to the first page needs no cursor; a sort or a filter change forgets the cursor too.
    expect(address()).toBe('/list');
  });

  it('reads old links back, and falls back to the defaults for values it does not know', () => {
    renderAt('/list?filters=sort:end;order:desc;page:3;pageSize:50;endFrom:01-31-2025');
    expect(screen.getByText('101–120 of 120')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Program end from').value).toBe('01/31/2025');
    cleanup();
    renderAt('/list?filters=sort:evil;order:sideways;page:-4;pageSize:7');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByText('1–25 of 120')).toBeTruthy();
  });

  it('shows the pager once the first rows are there, not "0 of 0" above a list still loading', () => {
    const paging = { page: 1, pageSize: 25, pageSizes: [10, 25], onPage: () => undefined };
    const table = (rows: TRow[] | undefined, query: TListQueryState) => (
      <DataTable
        label="T"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        query={query}
        loadingLabel="Loading students"
        empty="No students."
        total={rows ? 2 : 0}
        paging={paging}
      />
    );
    const { rerender } = render(table(undefined, { ...loaded, isFetching: true, isSuccess: false }));
    expect(screen.queryByText(/of 0/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go to next page' })).toBeNull();
    rerender(table(ROWS, loaded));
    expect(screen.getByRole('rowheader', { name: 'Sharma, Priya' })).toBeTruthy();
    expect(screen.getByText('1–2 of 2')).toBeTruthy();
  });

  it('says "Loading…" at the pager while the next page loads (where the person clicked), marks the table busy and holds the buttons', () => {
    const paging = { page: 2, pageSize: 2, pageSizes: [2], onPage: vi.fn() };
    const table = (query: TListQueryState) => (
      <DataTable
        label="T"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(r) => r.id}
        query={query}
        loadingLabel="Loading students"
        empty="No students."
        total={6}
        paging={paging}
      />
    );
    const { rerender } = render(table({ ...loaded, isFetching: true }));
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Go to next page' }).disabled).toBe(true);
    rerender(table(loaded));
    expect(screen.getByRole('status').textContent).toBe('3–4 of 6');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(paging.onPage).toHaveBeenCalledWith(3, 2);
  });

  it('shows the loading bar, the empty row, and an error with Retry', () => {
    const refetch = vi.fn();
    const { rerender } = render(
      <DataTable
        label="T"
        columns={COLUMNS}
        rows={[]}
        rowKey={(r) => r.id}
        query={{ ...loaded, isFetching: true, isSuccess: false }}
        loadingLabel="Loading students"
        empty="No students."
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading students' })).toBeTruthy();
    expect(screen.queryByText('No students.')).toBeNull();
    rerender(
      <DataTable label="T" columns={COLUMNS} rows={[]} rowKey={(r) => r.id} query={loaded} loadingLabel="Loading" empty="No students." />,
    );
    expect(screen.getByRole('cell', { name: 'No students.' }).getAttribute('colspan')).toBe('3');
    rerender(
      <DataTable
        label="T"
        columns={COLUMNS}
        rows={[]}
        rowKey={(r) => r.id}
        query={{ isFetching: false, isSuccess: false, isError: true, refetch }}
        loadingLabel="Loading"
        empty="No students."
        errorText="The student list could not be loaded."
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The student list could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});

describe('list filters in the address', () => {
  it('writes the search after a pause, trimmed, back on page 1', () => {
    vi.useFakeTimers();
    try {
      renderAt('/list?filters=page:4');
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: ' smith ' } });
      expect(address()).toBe('/list?filters=page:4');
      void act(() => vi.advanceTimersByTime(400));
      expect(address()).toBe('/list?filters=q:smith');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps dates as MM-DD-YYYY and says when a typed date is impossible', () => {
    renderAt('/list');
    const field = screen.getByLabelText('Program end from');
    fireEvent.change(field, { target: { value: '02/30/2025' } });
    fireEvent.blur(field);
    expect(screen.getByText('Invalid date')).toBeTruthy();
    expect(address()).toBe('/list');
    fireEvent.change(field, { target: { value: '02/28/2025' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(address()).toBe('/list?filters=endFrom:02-28-2025');
  });
});
