import { useCallback, useMemo } from 'react';
import { useUrlFilters } from '../use-url-filters';
import type { TPaging, TSortOrder, TSorting } from './data-table';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

interface TUrlTableOptions<F extends Record<string, string>, S extends string> {
  /** The list's filters and their defaults (left out of the address while they hold them). */
  filters: F;
  /** The sort keys the list's contract accepts; another in the address falls back to `sort`. */
  sorts: readonly S[];
  sort: S;
  order: TSortOrder;
  pageSize?: number;
  pageSizes?: readonly number[];
  /** The name the address gives the sort order ('order'; System Errors has always said 'dir'). */
  orderKey?: string;
}

export interface TUrlTable<F extends Record<string, string>, S extends string> {
  filters: F;
  /** Changes filters and goes back to the first page. */
  setFilters: (patch: Partial<F>) => void;
  sort: S;
  order: TSortOrder;
  page: number;
  pageSize: number;
  sorting: TSorting;
  paging: TPaging;
}

/**
 * A server-paged list's state in the address: its filters, sort, order, page and page size, read
 * back checked (a hand-edited or old link falls back to the defaults rather than failing).
 */
export function useUrlTable<F extends Record<string, string>, S extends string>(options: TUrlTableOptions<F, S>): TUrlTable<F, S> {
  const orderKey = options.orderKey ?? 'order';
  const pageSizes = options.pageSizes ?? PAGE_SIZES;
  const defaultPageSize = options.pageSize ?? 25;
  const [raw, setRaw] = useUrlFilters<Record<string, string>>({
    ...options.filters,
    sort: options.sort,
    [orderKey]: options.order,
    page: '1',
    pageSize: String(defaultPageSize),
  });
  const sort = (options.sorts as readonly string[]).includes(raw.sort ?? '') ? (raw.sort as S) : options.sort;
  const rawOrder = raw[orderKey];
  const order: TSortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : options.order;
  const page = Math.max(1, Math.floor(Number(raw.page)) || 1);
  const pageSize = pageSizes.includes(Number(raw.pageSize)) ? Number(raw.pageSize) : defaultPageSize;

  const filterKeys = Object.keys(options.filters).join(',');
  const filters = useMemo(() => Object.fromEntries(filterKeys.split(',').map((k) => [k, raw[k] ?? ''])) as F, [raw, filterKeys]);

  const setFilters = useCallback((patch: Partial<F>) => setRaw({ ...(patch as Record<string, string>), page: '1' }), [setRaw]);
  const sorting = useMemo(
    () => ({ sort, order, onSort: (s: string, o: TSortOrder) => setRaw({ sort: s, [orderKey]: o, page: '1' }) }),
    [sort, order, orderKey, setRaw],
  );
  const paging = useMemo(
    () => ({
      page,
      pageSize,
      pageSizes,
      onPage: (p: number, size: number) => setRaw(size === pageSize ? { page: String(p) } : { page: '1', pageSize: String(size) }),
    }),
    [page, pageSize, pageSizes, setRaw],
  );
  return { filters, setFilters, sort, order, page, pageSize, sorting, paging };
}
