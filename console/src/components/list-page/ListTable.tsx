// The table of a list page: paging is the server's (ListPager below), wide columns scroll inside the table's own
// box so a 390 px page never overflows, and each page names its own empty state.
import type { ReactNode } from 'react';
import { Table, type TableProps } from '@arco-design/web-react';

export type ListTableProps<T> = Omit<TableProps<T>, 'pagination' | 'scroll' | 'noDataElement'> & {
  /** The columns' total width: narrower screens scroll the table sideways instead of the page. */
  scrollX: number;
  /** Shown when the page has no rows. */
  empty: ReactNode;
};

export function ListTable<T>({ scrollX, empty, style, ...rest }: ListTableProps<T>) {
  return (
    <Table<T>
      {...rest}
      style={{ maxWidth: '100%', ...style }}
      pagination={false}
      scroll={{ x: scrollX }}
      noDataElement={empty}
    />
  );
}
