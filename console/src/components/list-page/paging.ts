// The pure rules every paged list follows, kept apart from React so they can be tested on their own.
import type { Page } from '@contract/paging';

/** 1-based page and remembered size, as the pager shows them; a fetcher for a 0-based endpoint subtracts one. */
export interface Paging {
  page: number;
  pageSize: number;
}

/**
 * What a list endpoint answers: users, logs, redemptions, orders give a `Page` with a total; tokens and channels a
 * bare array without one (reference §0). `null` (an empty body) counts as an empty page.
 */
export type PageAnswer<T> = Pick<Page<T>, 'items' | 'total'> | T[] | null | undefined;

export interface ListSlice<T> {
  rows: T[];
  total: number;
  /** No total from the server: the pager can only guess whether another page follows. */
  openEnded: boolean;
}

/**
 * A full page of a total-less list means "there may be more", so the pager offers one page past the current one;
 * a short page is the last.
 */
export const openEndedTotal = (page: number, pageSize: number, rows: number): number =>
  (page - 1) * pageSize + rows + (rows === pageSize ? 1 : 0);

/** Turns either answer shape into rows plus a total the pager can use. */
export function readAnswer<T>(answer: PageAnswer<T>, { page, pageSize }: Paging): ListSlice<T> {
  if (Array.isArray(answer)) return { rows: answer, total: openEndedTotal(page, pageSize, answer.length), openEnded: true };
  return { rows: answer?.items ?? [], total: answer?.total ?? 0, openEnded: false };
}

/** The pager's change: choosing another size starts again from page 1 (the old page may not exist any more). */
export function nextPaging(current: Paging, page: number, pageSize: number): Paging {
  return pageSize !== current.pageSize ? { page: 1, pageSize } : { page, pageSize };
}

/**
 * The page to show after deleting one row: deleting the only row of a later page steps back a page (that page is
 * gone); otherwise the same page again.
 */
export function pageAfterRemove(page: number, rowsOnPage: number): number {
  return rowsOnPage === 1 && page > 1 ? page - 1 : page;
}
