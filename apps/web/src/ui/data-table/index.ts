export { DataTable, type TColumn, type TListQueryState, type TPaging, type TSeek, type TSortOrder, type TSorting } from './data-table';
export { useUrlTable, type TUrlTable } from './use-url-table';
export { usePaging } from './use-paging';
export { Pager } from './pager';
export { DateFilter, SearchField, SelectFilter, TextFilter, type TFilterOption } from './filter-fields';
