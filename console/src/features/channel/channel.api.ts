// Typed calls of /api/channel (spec 3 §7 "Channels").
import type {
  Channel, ChannelBalanceAllResult, ChannelBalanceResult, ChannelFetchModelsRequest, ChannelInput, ChannelTagEditRequest, ChannelTestResult,
  KnownModel,
} from '@contract/channel';
import type { ApiClient } from '../../api/client';

export interface ListParams {
  p: number;
  page_size: number;
  id_sort: boolean;
  tag_mode: boolean;
}

export interface SearchParams {
  keyword: string;
  group: string;
  model: string;
  id_sort: boolean;
  tag_mode: boolean;
}

const qs = (o: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

export function channelApi(api: ApiClient) {
  return {
    list: (q: ListParams) => api.get<Channel[]>(`/api/channel/?${qs({ ...q })}`),
    search: (q: SearchParams) => api.get<Channel[]>(`/api/channel/search?${qs({ ...q })}`),
    get: (id: number) => api.get<Channel>(`/api/channel/${id}`),
    create: (c: ChannelInput) => api.post<Channel[]>('/api/channel/', c),
    update: (c: ChannelInput & { id: number }) => api.put<Channel>('/api/channel/', c),
    remove: (id: number) => api.delete<void>(`/api/channel/${id}/`),
    removeDisabled: () => api.delete<number>('/api/channel/disabled'),
    removeMany: (ids: number[]) => api.post<number>('/api/channel/batch', { ids }),
    fix: () => api.post<number>('/api/channel/fix'),
    test: (id: number, model?: string) =>
      api.get<ChannelTestResult>(`/api/channel/test/${id}${model ? `?${qs({ model })}` : ''}`, { quiet: true }),
    testAll: () => api.get<void>('/api/channel/test'),
    updateBalance: (id: number) => api.get<ChannelBalanceResult>(`/api/channel/update_balance/${id}/`),
    updateAllBalances: () => api.get<ChannelBalanceAllResult>('/api/channel/update_balance'),
    editTag: (req: ChannelTagEditRequest) => api.put<number>('/api/channel/tag', req),
    setTagStatus: (tag: string, enabled: boolean) => api.post<number>(`/api/channel/tag/${enabled ? 'enabled' : 'disabled'}`, { tag }),
    setTag: (ids: number[], tag: string) => api.post<number>('/api/channel/batch/tag', { ids, tag }),
    knownModels: () => api.get<KnownModel[]>('/api/channel/models'),
    /** Quiet: the form shows the server's reason, or "failed to get model list" when there is none. */
    fetchModelsOf: (id: number) => api.get<string[]>(`/api/channel/fetch_models/${id}`, { quiet: true }),
    fetchModels: (req: ChannelFetchModelsRequest) =>
      api.post<string[]>('/api/channel/fetch_models', req, { quiet: true }),
  };
}

export type ChannelApi = ReturnType<typeof channelApi>;
