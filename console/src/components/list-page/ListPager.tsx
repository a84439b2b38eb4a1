// The pager under every list: the page sizes of spec 3 §9 (10, 20, 50, 100), remembered by usePagedList, and a
// total line when the server gave a total. It wraps rather than widen a narrow (390 px) page.
import type { ReactNode } from 'react';
import { Pagination } from '@arco-design/web-react';
import { PAGE_SIZE_OPTIONS } from '@contract/paging';
import type { PagedList } from './use-paged-list';

const STYLE = { marginTop: 16, justifyContent: 'flex-end', flexWrap: 'wrap' } as const;

interface Props {
  list: Pick<PagedList<unknown>, 'page' | 'pageSize' | 'total' | 'openEnded' | 'changePage'>;
  /** e.g. "45 users in total"; left out for open-ended lists, whose total is only a guess. */
  totalText?(total: number): ReactNode;
}

export function ListPager({ list, totalText }: Props) {
  return (
    <Pagination
      style={STYLE}
      current={list.page}
      pageSize={list.pageSize}
      total={list.total}
      showTotal={totalText && !list.openEnded ? (n) => totalText(n) : undefined}
      sizeCanChange
      sizeOptions={[...PAGE_SIZE_OPTIONS]}
      onChange={list.changePage}
    />
  );
}
