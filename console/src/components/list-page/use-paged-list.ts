// One server-paged list: page, remembered page size, loading, rows and total; only the latest answer fills the table.
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { usePageSize } from '../../hooks/use-page-size';
import { nextPaging, pageAfterRemove, readAnswer, type PageAnswer, type Paging } from './paging';

export interface PagedListOptions<T> {
  /**
   * The applied filters (state or memoised: compared by identity). A new query starts again from page 1, so pages
   * need not remember to reset the page next to every search and reset.
   */
  query?: unknown;
  /** Called with every freshly loaded page, e.g. to drop a row selection that no longer matches the rows. */
  onLoad?(rows: T[]): void;
}

export interface PagedList<T> {
  rows: T[];
  /** Patches rows in place when an action answered with the changed row, without a reload. */
  setRows: Dispatch<SetStateAction<T[]>>;
  total: number;
  /** The server gave no total (bare array): the pager offers one page past a full one and shows no total. */
  openEnded: boolean;
  loading: boolean;
  page: number;
  pageSize: number;
  setPage(page: number): void;
  /** The pager's onChange: a new size is remembered (spec 3 §9) and starts again from page 1. */
  changePage(page: number, pageSize: number): void;
  reload(): Promise<void>;
  /** After deleting one row: a later page that lost its only row steps back a page, otherwise the page reloads. */
  afterRemove(): Promise<void>;
}

/**
 * `fetchPage` loads one page (1-based) and is re-run whenever it, the page or the size changes; memoise it with
 * the filters it reads. Failed loads keep the rows shown: the API client has already told the user why.
 */
export function usePagedList<T>(fetchPage: (paging: Paging) => Promise<PageAnswer<T>>, options: PagedListOptions<T> = {}): PagedList<T> {
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [openEnded, setOpenEnded] = useState(false);
  const [loading, setLoading] = useState(false);
  // A slow earlier answer (an old page or old filters) must not overwrite a newer one.
  const seq = useRef(0);
  const onLoad = useRef(options.onLoad);
  onLoad.current = options.onLoad;

  // A new query goes back to page 1 during this render, so only the page-1 request is sent.
  const [seenQuery, setSeenQuery] = useState(options.query);
  if (seenQuery !== options.query) {
    setSeenQuery(options.query);
    setPage(1);
  }

  const load = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const paging = { page, pageSize };
      const slice = readAnswer(await fetchPage(paging), paging);
      if (mine !== seq.current) return;
      setRows(slice.rows);
      setTotal(slice.total);
      setOpenEnded(slice.openEnded);
      onLoad.current?.(slice.rows);
    } catch {
      // the client showed the message
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [fetchPage, page, pageSize]);

  useEffect(() => {
    void load();
  }, [load]);

  const changePage = (p: number, size: number) => {
    const next = nextPaging({ page, pageSize }, p, size);
    if (next.pageSize !== pageSize) setPageSize(next.pageSize);
    setPage(next.page);
  };

  const afterRemove = async () => {
    const next = pageAfterRemove(page, rows.length);
    if (next !== page) setPage(next); // the effect loads the new page
    else await load();
  };

  return { rows, setRows, total, openEnded, loading, page, pageSize, setPage, changePage, reload: load, afterRemove };
}
