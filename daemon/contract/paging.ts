// Paging: users, logs, redemptions use 1-based `p` + `page_size` and answer {items,total,page,page_size};
// channels and tokens use 0-based `p` (reference §0). Written once here.
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** localStorage key under which the console remembers the chosen page size (spec 3 §9). */
export const PAGE_SIZE_STORAGE_KEY = 'page-size';

export interface PageQuery {
  p?: number;
  page_size?: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Normalises a 1-based page query: p < 1 becomes 1, page_size is clamped to [1, 100]. */
export function onePage(q: { p?: number; page_size?: number }): { page: number; pageSize: number; offset: number } {
  const page = Math.max(1, Math.floor(q.p ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(q.page_size ?? DEFAULT_PAGE_SIZE)));
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** Normalises a 0-based page query (channels, tokens, tasks). */
export function zeroPage(q: { p?: number; page_size?: number }): { page: number; pageSize: number; offset: number } {
  const page = Math.max(0, Math.floor(q.p ?? 0));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(q.page_size ?? DEFAULT_PAGE_SIZE)));
  return { page, pageSize, offset: page * pageSize };
}
