// The filter bar above a list: the page's filter fields, then Search (and Reset where a page has one), then the
// page's own buttons. It wraps onto more lines on narrow screens rather than widen the page.
import type { ReactNode } from 'react';
import { Button, Space } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';

interface Props {
  /** The filter fields. */
  children: ReactNode;
  onSearch(): void;
  searchText: ReactNode;
  /** Pages whose filters have defaults worth returning to (logs, records) offer Reset. */
  onReset?(): void;
  resetText?: ReactNode;
  /** The page's buttons after Search/Reset (add, batch copy, refresh). */
  actions?: ReactNode;
  /** Extra class names next to the bar's spacing. */
  className?: string;
}

export function ListFilterBar({ children, onSearch, searchText, onReset, resetText, actions, className }: Props) {
  return (
    <Space wrap className={className ? `gc-gap ${className}` : 'gc-gap'} style={{ maxWidth: '100%' }}>
      {children}
      <Button type="primary" icon={<IconSearch />} onClick={onSearch}>
        {searchText}
      </Button>
      {onReset && (
        <Button icon={<IconRefresh />} onClick={onReset}>
          {resetText}
        </Button>
      )}
      {actions}
    </Space>
  );
}
