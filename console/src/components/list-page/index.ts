// The shared building block of the console's list pages (design §4.10): filters, paging, table.
export { FilterId, FilterInput } from './FilterInput';
export { ListFilterBar } from './ListFilterBar';
export { ListPager } from './ListPager';
export { ListTable, type ListTableProps } from './ListTable';
export { useListQuery, type ListQuery } from './use-list-query';
export { usePagedList, type PagedList, type PagedListOptions } from './use-paged-list';
export { nextPaging, openEndedTotal, pageAfterRemove, readAnswer, type ListSlice, type PageAnswer, type Paging } from './paging';
