// Third-party sign-in on the login page (spec 1 §2): each button only when the public status enables it.
import { useState } from 'react';
import { Button, Divider, Space } from '@arco-design/web-react';
import { IconGithub, IconWechat } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { OAuthCodeProvider, TelegramLogin } from '@contract/oauth';
import { STORAGE_KEYS } from '@contract/user';
import { readString } from '../../api/storage';
import { useApi } from '../../api/ApiProvider';
import { useStatus } from '../status/StatusProvider';
import { telegramLogin, wechatLogin } from './oauth.api';
import { useFinishSignIn, useStartOAuth } from './use-oauth';
import { WeChatCodeDialog } from './WeChatCodeDialog';
import { TelegramLoginButton } from './TelegramLoginButton';
import { LinuxDoMark } from './LinuxDoMark';

export function OAuthLoginOptions() {
  const { t } = useTranslation();
  const api = useApi();
  const { status } = useStatus();
  const start = useStartOAuth();
  const finish = useFinishSignIn();
  const [leaving, setLeaving] = useState<OAuthCodeProvider | null>(null);
  const [wechatOpen, setWechatOpen] = useState(false);

  if (!status || !(status.github_oauth || status.linuxdo_oauth || status.wechat_login || status.telegram_oauth)) return null;

  const go = async (provider: OAuthCodeProvider) => {
    setLeaving(provider);
    try {
      await start(provider);
    } finally {
      setLeaving(null);
    }
  };
  const withWechat = async (code: string) => {
    try {
      finish(await wechatLogin(api, code, readString(STORAGE_KEYS.aff)));
      return true;
    } catch {
      return false; // the client showed the message; the dialog stays open for another code
    }
  };
  const withTelegram = async (fields: TelegramLogin) => {
    try {
      finish(await telegramLogin(api, fields));
    } catch {
      /* the client showed the message */
    }
  };

  return (
    <div data-testid="oauth-login-options">
      <Divider>{t('oauth.or')}</Divider>
      <Space direction="vertical" style={{ width: '100%' }}>
        {status.github_oauth && (
          <Button long icon={<IconGithub />} loading={leaving === 'github'} onClick={() => void go('github')}>
            {t('oauth.github')}
          </Button>
        )}
        {status.linuxdo_oauth && (
          <Button long icon={<LinuxDoMark />} loading={leaving === 'linuxdo'} onClick={() => void go('linuxdo')}>
            {t('oauth.linuxdo')}
          </Button>
        )}
        {status.wechat_login && (
          <Button long icon={<IconWechat style={{ color: '#07c160' }} />} onClick={() => setWechatOpen(true)}>
            {t('oauth.wechat')}
          </Button>
        )}
        {status.telegram_oauth && status.telegram_bot_name && (
          <TelegramLoginButton botName={status.telegram_bot_name} onAuth={(fields) => void withTelegram(fields)} />
        )}
      </Space>
      {status.wechat_login && (
        <WeChatCodeDialog
          visible={wechatOpen}
          mode="login"
          qrcode={status.wechat_qrcode}
          onSubmit={withWechat}
          onClose={() => setWechatOpen(false)}
        />
      )}
    </div>
  );
}
