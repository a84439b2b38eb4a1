import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_STORAGE_KEY } from '@contract/paging';
import { usePageSize } from './use-page-size';

describe('usePageSize', () => {
  it('defaults to the contract default', () => {
    const { result } = renderHook(() => usePageSize());
    expect(result.current[0]).toBe(DEFAULT_PAGE_SIZE);
  });

  it('stores a chosen size and a later table starts from it', () => {
    const first = renderHook(() => usePageSize());
    act(() => first.result.current[1](50));
    expect(first.result.current[0]).toBe(50);
    expect(localStorage.getItem(PAGE_SIZE_STORAGE_KEY)).toBe('50');
    const second = renderHook(() => usePageSize());
    expect(second.result.current[0]).toBe(50);
  });

  it('ignores sizes that are not offered, stored or set', () => {
    localStorage.setItem(PAGE_SIZE_STORAGE_KEY, '37');
    const { result } = renderHook(() => usePageSize());
    expect(result.current[0]).toBe(DEFAULT_PAGE_SIZE);
    act(() => result.current[1](1000));
    expect(result.current[0]).toBe(DEFAULT_PAGE_SIZE);
    expect(localStorage.getItem(PAGE_SIZE_STORAGE_KEY)).toBe('37');
  });
});
