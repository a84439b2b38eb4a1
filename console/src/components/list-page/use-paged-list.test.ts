import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { PAGE_SIZE_STORAGE_KEY } from '@contract/paging';
import type { Paging } from './paging';
import { usePagedList } from './use-paged-list';

const pageOf = ({ page, pageSize }: Paging) => Promise.resolve({ items: [`p${page}s${pageSize}`], total: 95 });

describe('usePagedList', () => {
  it('starts from the remembered size, remembers a new one and goes back to page 1 for it', async () => {
    localStorage.setItem(PAGE_SIZE_STORAGE_KEY, '20');
    const { result } = renderHook(() => usePagedList(pageOf));
    await waitFor(() => expect(result.current.rows).toEqual(['p1s20']));
    expect(result.current.total).toBe(95);
    act(() => result.current.changePage(3, 20));
    await waitFor(() => expect(result.current.rows).toEqual(['p3s20']));
    act(() => result.current.changePage(3, 50));
    await waitFor(() => expect(result.current.rows).toEqual(['p1s50']));
    expect(localStorage.getItem(PAGE_SIZE_STORAGE_KEY)).toBe('50');
  });

  it('goes back to page 1 when the query changes', async () => {
    const { result, rerender } = renderHook(({ query }) => usePagedList(pageOf, { query }), { initialProps: { query: {} } });
    act(() => result.current.setPage(4));
    await waitFor(() => expect(result.current.rows).toEqual(['p4s10']));
    rerender({ query: {} });
    await waitFor(() => expect(result.current.rows).toEqual(['p1s10']));
    expect(result.current.page).toBe(1);
  });

  it('lets only the latest answer fill the list', async () => {
    const pending: Array<(rows: string[]) => void> = [];
    const slow = () => new Promise<string[]>((resolve) => pending.push(resolve));
    const { result } = renderHook(() => usePagedList(slow));
    await waitFor(() => expect(pending).toHaveLength(1));
    act(() => result.current.setPage(2));
    await waitFor(() => expect(pending).toHaveLength(2));
    await act(async () => pending[1](['new']));
    await act(async () => pending[0](['old']));
    expect(result.current.rows).toEqual(['new']);
    expect(result.current.openEnded).toBe(true);
    expect(result.current.loading).toBe(false);
  });
});
