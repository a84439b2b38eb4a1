// The human-check widget (Cloudflare Turnstile). Reports each new token, and '' when a token expires or fails;
// reset() asks for a fresh token after one was spent (tokens are single-use).
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Alert } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { loadTurnstile, type TurnstileApi } from './load-turnstile';

export interface TurnstileHandle {
  reset(): void;
}

interface TurnstileWidgetProps {
  siteKey: string;
  onToken(token: string): void;
}

export const TurnstileWidget = forwardRef<TurnstileHandle, TurnstileWidgetProps>(function TurnstileWidget({ siteKey, onToken }, ref) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: TurnstileApi; id: string } | null>(null);
  const report = useRef(onToken);
  report.current = onToken;
  const [failed, setFailed] = useState(false);
  const language = i18n.language.toLowerCase().startsWith('zh') ? 'zh-cn' : 'en';

  useImperativeHandle(ref, () => ({
    reset() {
      report.current('');
      if (widget.current) widget.current.api.reset(widget.current.id);
    },
  }), []);

  useEffect(() => {
    let alive = true;
    loadTurnstile().then(
      (api) => {
        if (!alive || !box.current) return;
        const id = api.render(box.current, {
          sitekey: siteKey,
          language,
          callback: (token) => report.current(token),
          'expired-callback': () => report.current(''),
          'error-callback': () => report.current(''),
        });
        if (id !== undefined) widget.current = { api, id };
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
    };
  }, [siteKey, language]);

  return (
    <div className="gc-turnstile" data-testid="turnstile">
      <div ref={box} />
      {failed && <Alert type="error" content={t('account.turnstileLoadFailed')} />}
    </div>
  );
});
