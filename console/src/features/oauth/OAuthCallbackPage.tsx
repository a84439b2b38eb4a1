// /oauth/github and /oauth/linuxdo (spec 3 §2 "OAuth callback"): the provider sends the browser here with code and
// state; the gateway exchanges them. Message 'bind': the account was bound -> 'Binding successful!' and /setting.
// Message 'continue': the flow began on an agent's domain, so the browser goes on there with code and state.
// Otherwise the answer is the user -> 'Login successful!' and /token. On failure the message is shown with
// 'Operation failed, redirecting to login page' and the browser goes to /setting (spec 3 §8), which sends a
// visitor who is not signed in on to /login.
import { useEffect, useRef, useState } from 'react';
import { Card, Result, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { OAuthCodeProvider, OAuthContinue } from '@contract/oauth';
import { useApi } from '../../api/ApiProvider';
import { useNotify } from '../../api/NotifyProvider';
import { ApiError } from '../../api/client';
import { finishOAuth } from './oauth.api';
import { leaveFor, useFinishSignIn } from './use-oauth';

/** The agent's-domain address of a 'continue' answer (http or https only), or null. */
export function continueUrlOf(data: unknown): string | null {
  const url = (data as Partial<OAuthContinue> | undefined)?.continue_url;
  return typeof url === 'string' && /^https?:\/\//i.test(url) ? url : null;
}

/** How long the failure stays on screen before the redirect. */
export const FAILURE_REDIRECT_MS = 1500;

export function OAuthCallbackPage() {
  const { t } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const provider: OAuthCodeProvider = pathname.replace(/\/+$/, '').endsWith('/linuxdo') ? 'linuxdo' : 'github';
  const [failed, setFailed] = useState<string | null>(null);
  // A state works once: the call must not run twice (StrictMode, a re-render with new params).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const query = Object.fromEntries(params.entries());
    let timer: ReturnType<typeof setTimeout> | undefined;
    finishOAuth(api, provider, query, { quiet: true }).then(
      (user) => {
        // Begun on an agent's domain: the flow finishes there, where its state and session live.
        const onward = continueUrlOf(user);
        if (onward) return leaveFor.go(onward);
        if (user && typeof user.id === 'number') return finishSignIn(user);
        notify.success(t('oauth.bindSucceeded'));
        navigate('/setting', { replace: true });
      },
      (e: unknown) => {
        if (e instanceof ApiError && e.kind === 'unauthorized') return; // the client already went to /login
        const message = e instanceof Error ? e.message : String(e);
        notify.error(message);
        setFailed(message);
        timer = setTimeout(() => navigate('/setting', { replace: true }), FAILURE_REDIRECT_MS);
      },
    );
    return () => clearTimeout(timer);
    // Runs once per visit; the ref keeps it so.
  }, []);

  return (
    <div className="gc-login">
      <Card className="gc-login-card">
        {failed === null ? (
          <Spin tip={t('oauth.callback.processing')} style={{ display: 'block', padding: '32px 0' }} />
        ) : (
          <Result status="error" title={t('oauth.callback.failed')} subTitle={failed} />
        )}
      </Card>
    </div>
  );
}
