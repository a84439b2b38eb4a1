// Typed calls of the log page (spec 3 §7 "Logs and tasks"): admins read /api/log/, everyone else their own rows.
import type { LogFilters, LogRow, LogStat } from '@contract/log';
import type { Page } from '@contract/paging';
import type { ApiClient } from '../../api/client';
import { toQueryString } from './log-query';

export function logApi(api: ApiClient, admin: boolean) {
  const list = admin ? '/api/log/' : '/api/log/self';
  const stat = admin ? '/api/log/stat' : '/api/log/self/stat';
  return {
    /** 1-based page; answers {items, total, page, page_size}. */
    list: (f: LogFilters) => api.get<Page<LogRow>>(`${list}?${toQueryString(f)}`),
    /** Quiet: the list call already reports a failing server; the statistics then show dashes. */
    stat: (f: LogFilters) => api.get<LogStat>(`${stat}?${toQueryString(f)}`, { quiet: true }),
  };
}

export type LogApi = ReturnType<typeof logApi>;
