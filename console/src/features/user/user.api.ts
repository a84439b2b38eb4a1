// Typed calls of the /user page (spec 1 §7 "Users"). Admins use the admin list and search; agents the agent
// endpoints, which the server scopes to their own sub-users.
import type { Page } from '@contract/paging';
import type { UserCreateRequest, UserManageAction, UserRow, UserUpdateRequest } from '@contract/user-admin';
import type { ApiClient } from '../../api/client';

export interface UserQuery {
  keyword: string;
  group: string;
  /** 1-based. */
  p: number;
  page_size: number;
}

const query = (params: Record<string, string | number>): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== '') q.set(k, String(v));
  return q.toString();
};

export function userApi(api: ApiClient, admin: boolean) {
  return {
    list(q: UserQuery): Promise<Page<UserRow>> {
      const searching = q.keyword.trim() !== '' || q.group !== '';
      const path = searching ? (admin ? '/api/user/search' : '/api/user/search/agent') : admin ? '/api/user/' : '/api/user/agent/';
      const params: Record<string, string | number> = searching
        ? { keyword: q.keyword.trim(), group: q.group, p: q.p, page_size: q.page_size }
        : { p: q.p, page_size: q.page_size };
      return api.get<Page<UserRow>>(`${path}?${query(params)}`);
    },
    get: (id: number) => api.get<UserRow>(`/api/user/${id}`),
    create: (body: UserCreateRequest) => api.post<UserRow>('/api/user/', body),
    update: (body: UserUpdateRequest) => api.put<UserRow>('/api/user/', body),
    manage: (username: string, action: UserManageAction) => api.post<UserRow>('/api/user/manage', { username, action }),
    /** Group names for the filter and the edit drawer; quiet, the filter just stays empty without them. */
    groups: () => api.get<string[]>('/api/group/', { quiet: true }),
  };
}

export type UserApi = ReturnType<typeof userApi>;
