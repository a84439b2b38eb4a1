// Remembered table page size (spec 3 §9): one value for every table, under localStorage `page-size`.
import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, PAGE_SIZE_STORAGE_KEY } from '@contract/paging';
import { readString, writeString } from '../api/storage';

const isOption = (n: number): boolean => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n);

export function readPageSize(): number {
  const n = Number(readString(PAGE_SIZE_STORAGE_KEY));
  return isOption(n) ? n : DEFAULT_PAGE_SIZE;
}

export function usePageSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(readPageSize);
  const update = useCallback((next: number) => {
    if (!isOption(next)) return; // a table never offers other sizes; ignore rather than store junk
    writeString(PAGE_SIZE_STORAGE_KEY, String(next));
    setSize(next);
  }, []);
  return [size, update];
}
