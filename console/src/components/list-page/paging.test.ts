import { describe, expect, it } from 'vitest';
import type { Page } from '@contract/paging';
import { nextPaging, openEndedTotal, pageAfterRemove, readAnswer } from './paging';

describe('openEndedTotal', () => {
  it('offers one more page while pages come back full', () => {
    expect(openEndedTotal(1, 10, 3)).toBe(3);
    expect(openEndedTotal(1, 10, 10)).toBe(11);
    expect(openEndedTotal(3, 10, 10)).toBe(31);
    expect(openEndedTotal(2, 10, 3)).toBe(13);
    expect(openEndedTotal(2, 10, 0)).toBe(10);
  });
});

describe('readAnswer', () => {
  it('takes rows and total from a page answer', () => {
    expect(readAnswer<string>({ items: ['a', 'b'], total: 42, page: 2, page_size: 20 } as Page<string>, { page: 2, pageSize: 20 })).toEqual({
      rows: ['a', 'b'],
      total: 42,
      openEnded: false,
    });
  });

  it('guesses the total of a bare array from how full the page is', () => {
    const ten = Array.from({ length: 10 }, (_, i) => i);
    expect(readAnswer(ten, { page: 1, pageSize: 10 })).toEqual({ rows: ten, total: 11, openEnded: true });
    expect(readAnswer([1, 2], { page: 3, pageSize: 10 })).toEqual({ rows: [1, 2], total: 22, openEnded: true });
  });

  it('reads an empty body or a page without items as an empty list', () => {
    expect(readAnswer(null, { page: 1, pageSize: 10 })).toEqual({ rows: [], total: 0, openEnded: false });
    expect(readAnswer(undefined, { page: 4, pageSize: 10 })).toEqual({ rows: [], total: 0, openEnded: false });
    expect(readAnswer({ total: 3 } as never, { page: 1, pageSize: 10 })).toEqual({ rows: [], total: 3, openEnded: false });
  });
});

describe('nextPaging', () => {
  it('moves to the chosen page at the same size', () => {
    expect(nextPaging({ page: 2, pageSize: 20 }, 5, 20)).toEqual({ page: 5, pageSize: 20 });
  });

  it('starts again from page 1 when the size changes', () => {
    expect(nextPaging({ page: 4, pageSize: 10 }, 4, 50)).toEqual({ page: 1, pageSize: 50 });
  });
});

describe('pageAfterRemove', () => {
  it('steps back when the only row of a later page is gone', () => {
    expect(pageAfterRemove(3, 1)).toBe(2);
  });

  it('stays on the page otherwise, and never goes below page 1', () => {
    expect(pageAfterRemove(3, 4)).toBe(3);
    expect(pageAfterRemove(1, 1)).toBe(1);
  });
});
