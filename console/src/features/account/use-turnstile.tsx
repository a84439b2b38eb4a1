// The human check for a form, when the public status turns it on (spec 1 §2): the widget to place, whether a token
// is ready (else the 'checking environment' message), the query suffix for the call, and a reset after each use.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../api/NotifyProvider';
import { useStatus } from '../status/StatusProvider';
import { TurnstileWidget, type TurnstileHandle } from './TurnstileWidget';

export interface HumanCheck {
  enabled: boolean;
  widget: ReactNode;
  /** True when no check is needed or a token is ready; otherwise tells the person to wait. */
  ready(): boolean;
  /** `turnstile=<token>` for the call's query string, or '' when the check is off. */
  param(): string;
  /** After a call spent the token: ask the widget for a new one. */
  reset(): void;
}

export function useTurnstile(): HumanCheck {
  const { t } = useTranslation();
  const notify = useNotify();
  const { status } = useStatus();
  const enabled = status?.turnstile_check === true;
  const [token, setToken] = useState('');
  const handle = useRef<TurnstileHandle>(null);

  const ready = useCallback(() => {
    if (!enabled || token) return true;
    notify.info(t('account.checkingEnvironment'));
    return false;
  }, [enabled, token, notify, t]);

  return {
    enabled,
    widget: enabled ? <TurnstileWidget ref={handle} siteKey={status?.turnstile_site_key ?? ''} onToken={setToken} /> : null,
    ready,
    param: () => (enabled ? `turnstile=${encodeURIComponent(token)}` : ''),
    reset: () => {
      if (enabled) handle.current?.reset();
    },
  };
}

/** Appends the check's parameter to a path that may already have a query. */
export const withHumanCheck = (path: string, human: HumanCheck): string => {
  const p = human.param();
  return p ? `${path}${path.includes('?') ? '&' : '?'}${p}` : path;
};
