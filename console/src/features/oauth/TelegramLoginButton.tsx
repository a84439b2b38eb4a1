// Telegram's Login Widget (spec 1 §2): Telegram's script draws the button; after the person confirms in Telegram,
// it calls our callback with the signed fields, which the gateway checks. The callback is a uniquely named global
// because the widget can only reach functions by name; it is removed again on unmount.
import { useEffect, useRef, useState } from 'react';
import { Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { TELEGRAM_LOGIN_FIELDS, type TelegramLogin } from '@contract/oauth';

export const TELEGRAM_WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22';

interface TelegramLoginButtonProps {
  botName: string;
  onAuth(fields: TelegramLogin): void;
}

/** The widget's user object as strings, only the fields the gateway checks. */
export function telegramFields(user: Record<string, unknown>): TelegramLogin {
  const out: TelegramLogin = {};
  for (const f of TELEGRAM_LOGIN_FIELDS) {
    const v = user[f];
    if (v !== undefined && v !== null && v !== '') out[f] = String(v);
  }
  return out;
}

let counter = 0;

export function TelegramLoginButton({ botName, onAuth }: TelegramLoginButtonProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(onAuth);
  latest.current = onAuth;

  useEffect(() => {
    const el = box.current;
    if (!el || !botName) return;
    const name = `__gatewayTelegramAuth${++counter}`;
    const globals = window as unknown as Record<string, unknown>;
    globals[name] = (user: Record<string, unknown>) => latest.current(telegramFields(user ?? {}));
    const script = document.createElement('script');
    script.async = true;
    script.src = TELEGRAM_WIDGET_SRC;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-onauth', `${name}(user)`);
    // telegram.org is unreachable from some networks: say so instead of leaving an empty space.
    script.onerror = () => setFailed(true);
    setFailed(false);
    el.appendChild(script);
    return () => {
      delete globals[name];
      el.replaceChildren();
    };
  }, [botName]);

  return (
    <div data-testid="telegram-login" style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 40 }}>
      <div ref={box} />
      {failed && <Typography.Text type="secondary" style={{ textAlign: 'center' }}>{t('oauth.telegramUnavailable')}</Typography.Text>}
    </div>
  );
}
