import { useCallback, useMemo } from 'react';
import { useUrlFilters } from '../use-url-filters';
import type { TPaging, TSortOrder, TSorting } from './data-table';

const PAGE_SIZES = [10, 25, 50, 100] as const;

interface TUrlTableOptions<F extends Record<string, string>, S extends string> {
  /** The list's filters and their defaults (left out of the address while they hold them). */
  filters: F;
  /** The sort keys the list's contract accepts; another in the address falls back to `sort`. None: the list does not sort. */
  sorts?: readonly S[];
  sort?: S;
  order?: TSortOrder;
  pageSize?: number;
  pageSizes?: readonly number[];
  /** The name the address gives the sort order ('order'; System Errors has always said 'dir'). */
  orderKey?: string;
  /** The names of page and page size in the address, when a page shows two lists ('page', 'pageSize'). */
  pageKey?: string;
  pageSizeKey?: string;
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
  const pageKey = options.pageKey ?? 'page';
  const pageSizeKey = options.pageSizeKey ?? 'pageSize';
  // Where a keyset-paged list's page starts (the cursor it was reached by), beside its number.
  const afterKey = options.pageKey ? `${options.pageKey}After` : 'after';
  const beforeKey = options.pageKey ? `${options.pageKey}Before` : 'before';
  const pageSizes = options.pageSizes ?? PAGE_SIZES;
  const defaultPageSize = options.pageSize ?? 25;
  const sorts: readonly string[] = options.sorts ?? [];
  const defaultSort = (options.sort ?? '') as S;
  const defaultOrder = options.order ?? 'asc';
  const [raw, setRaw] = useUrlFilters<Record<string, string>>({
    ...options.filters,
    ...(sorts.length ? { sort: defaultSort, [orderKey]: defaultOrder } : {}),
    [pageKey]: '1',
    [pageSizeKey]: String(defaultPageSize),
    [afterKey]: '',
    [beforeKey]: '',
  });
  const sort = sorts.includes(raw.sort ?? '') ? (raw.sort as S) : defaultSort;
  const rawOrder = raw[orderKey];
  const order: TSortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : defaultOrder;
  const page = Math.max(1, Math.floor(Number(raw[pageKey])) || 1);
  const after = raw[afterKey] || undefined;
  const before = raw[beforeKey] || undefined;
  const pageSize = pageSizes.includes(Number(raw[pageSizeKey])) ? Number(raw[pageSizeKey]) : defaultPageSize;

  const filterKeys = Object.keys(options.filters).join(',');
  const filters = useMemo(() => Object.fromEntries(filterKeys.split(',').map((k) => [k, raw[k] ?? ''])) as F, [raw, filterKeys]);

  const setFilters = useCallback(
    (patch: Partial<F>) => setRaw({ ...(patch as Record<string, string>), [pageKey]: '1', [afterKey]: '', [beforeKey]: '' }),
    [setRaw, pageKey, afterKey, beforeKey],
  );
  const sorting = useMemo(
    () => ({
      sort,
      order,
      onSort: (s: string, o: TSortOrder) => setRaw({ sort: s, [orderKey]: o, [pageKey]: '1', [afterKey]: '', [beforeKey]: '' }),
    }),
    [sort, order, orderKey, pageKey, afterKey, beforeKey, setRaw],
  );
  const paging = useMemo(
    () => ({
      page,
      pageSize,
      pageSizes,
      after,
      before,
      onPage: (p: number, size: number) =>
        setRaw(
          size === pageSize
            ? { [pageKey]: String(p), [afterKey]: '', [beforeKey]: '' }
            : { [pageKey]: '1', [pageSizeKey]: String(size), [afterKey]: '', [beforeKey]: '' },
        ),
      onSeek: (p: number, cursor: { after?: string; before?: string }) =>
        setRaw({ [pageKey]: String(p), [afterKey]: cursor.after ?? '', [beforeKey]: cursor.before ?? '' }),
    }),
    [page, pageSize, pageSizes, pageKey, pageSizeKey, afterKey, beforeKey, after, before, setRaw],
  );
  return { filters, setFilters, sort, order, page, pageSize, sorting, paging };
}
