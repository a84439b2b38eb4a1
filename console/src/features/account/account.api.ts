// Typed calls of registration, e-mail codes and password reset (spec 1 §7).
import type { ApiClient } from '../../api/client';
import type { PasswordResetConfirmRequest, RegisterRequest } from '@contract/account';
import { withHumanCheck, type HumanCheck } from './use-turnstile';

const emailQuery = (path: string, email: string) => `${path}?email=${encodeURIComponent(email)}`;

export const accountApi = (api: ApiClient) => ({
  register: (req: RegisterRequest, human: HumanCheck) => api.post<void>(withHumanCheck('/api/user/register', human), req),
  sendCode: (email: string, human: HumanCheck) => api.get<void>(withHumanCheck(emailQuery('/api/verification', email), human)),
  requestReset: (email: string, human: HumanCheck) => api.get<void>(withHumanCheck(emailQuery('/api/reset_password', email), human)),
  confirmReset: (req: PasswordResetConfirmRequest) => api.post<string>('/api/user/reset', req),
});
