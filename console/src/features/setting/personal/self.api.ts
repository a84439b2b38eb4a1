// Typed calls of the personal tab (spec 1 §7: the signed-in user's own account).
import type { SelfUser } from '@contract/user';
import type { NotifySettingsRequest, NotifySettingsView, SelfUpdateRequest } from '@contract/self';
import type { ApiClient } from '../../../api/client';

export function selfApi(api: ApiClient) {
  return {
    self: () => api.get<SelfUser>('/api/user/self'),
    update: (body: SelfUpdateRequest) => api.put<void>('/api/user/self', body),
    deactivate: () => api.delete<void>('/api/user/self'),
    /** A new access token; the old one stops working. */
    resetToken: () => api.get<string>('/api/user/token'),
    affCode: () => api.get<string>('/api/user/aff', { quiet: true }),
    affTransfer: (quota: number) => api.post<void>('/api/user/aff_transfer', { quota }),
    models: () => api.get<string[]>('/api/user/models', { quiet: true }),
    /** Quiet: the card says 'update notification settings failed' with the reason. */
    saveNotify: (body: NotifySettingsRequest) => api.put<NotifySettingsView>('/api/user/setting', body, { quiet: true }),
  };
}

export type SelfApi = ReturnType<typeof selfApi>;
