// Typed calls of the token page (spec 3 §7 "Tokens").
import type { TokenCreateRequest, TokenSearchQuery, TokenUpdateRequest, TokenView } from '@contract/token';
import type { ApiClient } from '../../api/client';

const query = (params: Record<string, string | number | undefined>): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
};

export function tokenApi(api: ApiClient) {
  return {
    /** 0-based page; the server answers a bare array. */
    list: (p: number, size: number) => api.get<TokenView[]>(`/api/token/?${query({ p, size })}`),
    search: (q: TokenSearchQuery) => api.get<TokenView[]>(`/api/token/search?${query({ ...q })}`),
    create: (body: TokenCreateRequest) => api.post<TokenView[]>('/api/token/', body),
    update: (body: TokenUpdateRequest) => api.put<TokenView>('/api/token/', body),
    setStatus: (id: number, status: number) => api.put<TokenView>('/api/token/?status_only=true', { id, status }),
    remove: (id: number) => api.delete<void>(`/api/token/${id}/`),
    /** Model names for the limits list; quiet, the field still takes typed names when this is missing. */
    models: () => api.get<string[]>('/api/user/models', { quiet: true }),
    /** Groups the user may use ({name: {ratio, desc}}); quiet for the same reason. */
    groups: () => api.get<Record<string, unknown>>('/api/user/self/groups', { quiet: true }),
  };
}

export type TokenApi = ReturnType<typeof tokenApi>;
