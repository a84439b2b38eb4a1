// Typed calls of the /redemption page (spec 3 §7 "Redemptions"): 1-based paging with a total.
import type { Page } from '@contract/paging';
import type { RedemptionCreateRequest, RedemptionUpdateRequest, RedemptionView } from '@contract/redemption';
import type { ApiClient } from '../../api/client';

export interface RedemptionQuery {
  keyword: string;
  /** 1-based. */
  p: number;
  page_size: number;
}

const query = (params: Record<string, string | number>): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== '') q.set(k, String(v));
  return q.toString();
};

export function redemptionApi(api: ApiClient) {
  return {
    list(q: RedemptionQuery): Promise<Page<RedemptionView>> {
      const keyword = q.keyword.trim();
      return keyword
        ? api.get<Page<RedemptionView>>(`/api/redemption/search?${query({ keyword, p: q.p, page_size: q.page_size })}`)
        : api.get<Page<RedemptionView>>(`/api/redemption/?${query({ p: q.p, page_size: q.page_size })}`);
    },
    /** Answers the created keys. */
    create: (body: RedemptionCreateRequest) => api.post<string[]>('/api/redemption/', body),
    update: (body: RedemptionUpdateRequest) => api.put<RedemptionView>('/api/redemption/', body),
    setStatus: (id: number, status: number) => api.put<RedemptionView>('/api/redemption/?status_only=true', { id, status }),
    remove: (id: number) => api.delete<void>(`/api/redemption/${id}/`),
  };
}

export type RedemptionApi = ReturnType<typeof redemptionApi>;
