// Paging for lists the server answers as a bare array without a total (tokens, channels: reference §0). A full
// page means "there may be more", so the pager offers one page past the current one.
import { Pagination } from '@arco-design/web-react';
import { PAGE_SIZE_OPTIONS } from '@contract/paging';

export const openEndedTotal = (page: number, pageSize: number, rows: number): number =>
  (page - 1) * pageSize + rows + (rows === pageSize ? 1 : 0);

interface Props {
  page: number;
  pageSize: number;
  /** Rows on the current page. */
  rows: number;
  onPage(page: number): void;
  /** A new size starts again from page 1. */
  onPageSize(size: number): void;
}

export function OpenEndedPager({ page, pageSize, rows, onPage, onPageSize }: Props) {
  return (
    <Pagination
      style={{ marginTop: 16, justifyContent: 'flex-end' }}
      current={page}
      pageSize={pageSize}
      total={openEndedTotal(page, pageSize, rows)}
      sizeCanChange
      sizeOptions={[...PAGE_SIZE_OPTIONS]}
      onChange={(p, size) => {
        if (size !== pageSize) {
          onPageSize(size);
          onPage(1);
        } else onPage(p);
      }}
    />
  );
}
