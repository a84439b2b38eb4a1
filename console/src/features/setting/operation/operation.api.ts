// The operation tab's own calls besides the options (spec 2 §7).
import type { ApiClient } from '../../../api/client';

export function operationApi(api: ApiClient) {
  return {
    /** Names of the models enabled on some channel (super admin), for the unset-ratio panel. */
    enabledModels: () => api.get<string[]>('/api/channel/models_enabled', { quiet: true }),
    /** Deletes the logs older than the time (unix seconds); answers the number removed. Quiet: the tab words it. */
    clearLogs: (before: number) => api.delete<number>(`/api/log/?target_timestamp=${before}`, { quiet: true }),
    /** Puts the model ratio table back to the built-in defaults (super admin). */
    resetModelRatio: () => api.post<void>('/api/option/rest_model_ratio'),
  };
}

export type OperationApi = ReturnType<typeof operationApi>;
