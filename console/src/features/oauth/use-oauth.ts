// Shared steps of third-party sign-in: leave for the provider's authorize page with a fresh state, and finish a
// sign-in (store the user, say so, go to the token page).
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { OAuthCodeProvider } from '@contract/oauth';
import { STORAGE_KEYS, type LoginUser } from '@contract/user';
import { useApi } from '../../api/ApiProvider';
import { useNotify } from '../../api/NotifyProvider';
import { readString } from '../../api/storage';
import { useStatus } from '../status/StatusProvider';
import { useUser } from '../auth/UserProvider';
import { POST_LOGIN_PATH } from '../auth/auth-paths';
import { authorizeUrl, fetchOAuthState } from './oauth.api';

/** Full-page navigation to another site; a function so tests can observe it. */
export const leaveFor = { go: (url: string) => window.location.assign(url) };

/**
 * Gets a state and sends the browser to the provider. A signed-in browser's state binds the account to the
 * signed-in user; otherwise the provider's account signs in (the stored invite code goes along for a sign-up).
 */
export function useStartOAuth() {
  const api = useApi();
  const { status } = useStatus();
  return useCallback(
    async (provider: OAuthCodeProvider) => {
      if (!status) return;
      let state: string;
      try {
        state = await fetchOAuthState(api, readString(STORAGE_KEYS.aff));
      } catch {
        return; // the client already showed why
      }
      leaveFor.go(authorizeUrl(status, provider, state));
    },
    [api, status],
  );
}

export function useFinishSignIn() {
  const { t } = useTranslation();
  const { setUser } = useUser();
  const notify = useNotify();
  const navigate = useNavigate();
  return useCallback(
    (user: LoginUser) => {
      setUser(user);
      notify.success(t('oauth.loginSucceeded'));
      navigate(POST_LOGIN_PATH, { replace: true });
    },
    [setUser, notify, navigate, t],
  );
}
