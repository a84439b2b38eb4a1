// Typed calls of the log page (spec 3 §7 "Logs and tasks"): admins read /api/log/, agents /api/log/agent (their own
// rows, or their sub-users' with all_users), users /api/log/self.
import type { LogFilters, LogRow, LogStat } from '@contract/log';
import type { Page } from '@contract/paging';
import type { ApiClient } from '../../api/client';
import { toQueryString, type LogViewer } from './log-query';

const PATHS: Record<LogViewer, { list: string; stat: string }> = {
  admin: { list: '/api/log/', stat: '/api/log/stat' },
  agent: { list: '/api/log/agent', stat: '/api/log/agent/stat' },
  user: { list: '/api/log/self', stat: '/api/log/self/stat' },
};

export function logApi(api: ApiClient, viewer: LogViewer) {
  const { list, stat } = PATHS[viewer];
  return {
    /** 1-based page; answers {items, total, page, page_size}. */
    list: (f: LogFilters) => api.get<Page<LogRow>>(`${list}?${toQueryString(f)}`),
    /** Quiet: the list call already reports a failing server; the statistics then show dashes. */
    stat: (f: LogFilters) => api.get<LogStat>(`${stat}?${toQueryString(f)}`, { quiet: true }),
  };
}

export type LogApi = ReturnType<typeof logApi>;
