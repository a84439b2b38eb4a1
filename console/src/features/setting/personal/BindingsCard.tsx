// Account bindings in the personal settings (spec 1 "Personal settings"): e-mail, WeChat, GitHub, Telegram and
// LinuxDO, what each is bound to, and a button for each method the public status enables (e-mail always).
// The user record comes from the personal tab's SelfUserProvider, which reloads it after a binding.
import { useState, type ReactNode } from 'react';
import { Button, Card, Space, Spin, Typography } from '@arco-design/web-react';
import { IconEmail, IconGithub, IconWechat } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { BINDING_FIELDS, BINDING_KINDS, type BindingKind, type TelegramLogin } from '@contract/oauth';
import { useApi } from '../../../api/ApiProvider';
import { useNotify } from '../../../api/NotifyProvider';
import { useStatus } from '../../status/StatusProvider';
import { telegramBind, wechatBind } from '../../oauth/oauth.api';
import { useStartOAuth } from '../../oauth/use-oauth';
import { EmailBindDialog } from '../../oauth/EmailBindDialog';
import { WeChatCodeDialog } from '../../oauth/WeChatCodeDialog';
import { TelegramLoginButton } from '../../oauth/TelegramLoginButton';
import { LinuxDoMark } from '../../oauth/LinuxDoMark';
import { useSelfUser } from './self-user';

const TelegramMark = () => (
  <svg width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" className="arco-icon" style={{ verticalAlign: '-2px' }}>
    <circle cx="12" cy="12" r="12" fill="#27a7e7" />
    <path d="M5.4 11.8l11.1-4.3c.5-.2 1 .1.8.9l-1.9 8.9c-.1.6-.5.8-1 .5l-2.9-2.1-1.4 1.3c-.2.2-.3.3-.6.3l.2-2.9 5.4-4.9c.2-.2 0-.3-.3-.1L8.1 13.4 5.3 12.5c-.6-.2-.6-.6.1-.7z" fill="#fff" />
  </svg>
);

/** Brand names stay as they are in every language; the other two are translated. */
const BRANDS: Partial<Record<BindingKind, string>> = { github: 'GitHub', telegram: 'Telegram', linuxdo: 'LinuxDO' };

const ICONS: Record<BindingKind, ReactNode> = {
  email: <IconEmail />,
  wechat: <IconWechat style={{ color: '#07c160' }} />,
  github: <IconGithub />,
  telegram: <TelegramMark />,
  linuxdo: <LinuxDoMark />,
};

export function BindingsCard() {
  const { t } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const { status } = useStatus();
  const startOAuth = useStartOAuth();
  const { self, failed, reload } = useSelfUser();
  const [dialog, setDialog] = useState<'email' | 'wechat' | null>(null);

  const enabled: Record<BindingKind, boolean> = {
    email: true,
    wechat: !!status?.wechat_login,
    github: !!status?.github_oauth,
    telegram: !!status?.telegram_oauth && !!status?.telegram_bot_name,
    linuxdo: !!status?.linuxdo_oauth,
  };

  const bindWechat = async (code: string) => {
    try {
      await wechatBind(api, code);
    } catch {
      return false;
    }
    notify.success(t('oauth.bindSucceeded'));
    reload();
    return true;
  };
  const bindTelegram = async (fields: TelegramLogin) => {
    try {
      await telegramBind(api, fields);
    } catch {
      return;
    }
    notify.success(t('oauth.bindSucceeded'));
    reload();
  };

  const action = (kind: BindingKind, bound: boolean): ReactNode => {
    if (!enabled[kind]) return null;
    const label = t(bound ? 'oauth.bindings.change' : 'oauth.bindings.bind');
    switch (kind) {
      case 'email':
      case 'wechat':
        return <Button size="small" onClick={() => setDialog(kind)}>{label}</Button>;
      case 'github':
      case 'linuxdo':
        return <Button size="small" onClick={() => void startOAuth(kind)}>{label}</Button>;
      case 'telegram':
        return <TelegramLoginButton botName={status!.telegram_bot_name} onAuth={(fields) => void bindTelegram(fields)} />;
    }
  };

  if (failed) return <Card title={t('oauth.bindings.title')}>{t('oauth.bindings.loadFailed')}</Card>;
  if (!self) return <Card title={t('oauth.bindings.title')}><Spin className="gc-page-spin" /></Card>;

  return (
    <Card title={t('oauth.bindings.title')} data-testid="bindings-card">
      <Space direction="vertical" size="medium" style={{ width: '100%' }}>
        {BINDING_KINDS.map((kind) => {
          const value = String(self[BINDING_FIELDS[kind]] ?? '');
          return (
            <div key={kind} data-testid={`binding-${kind}`} style={{ display: 'flex', alignItems: 'center', gap: 12, minHeight: 40, flexWrap: 'wrap' }}>
              <span style={{ fontSize: 18, width: 20, display: 'inline-flex' }}>{ICONS[kind]}</span>
              <span style={{ width: 96 }}>{BRANDS[kind] ?? t(`oauth.bindings.kind.${kind}`)}</span>
              <Typography.Text type={value ? undefined : 'secondary'} style={{ flex: 1, minWidth: 160, margin: 0 }} ellipsis>
                {value || t('oauth.bindings.notBound')}
              </Typography.Text>
              {action(kind, !!value)}
            </div>
          );
        })}
      </Space>
      <EmailBindDialog visible={dialog === 'email'} current={self.email} onBound={reload} onClose={() => setDialog(null)} />
      {enabled.wechat && (
        <WeChatCodeDialog visible={dialog === 'wechat'} mode="bind" qrcode={status!.wechat_qrcode} onSubmit={bindWechat} onClose={() => setDialog(null)} />
      )}
    </Card>
  );
}
