// The system tab (spec 2 §2): general, payment, login and registration, e-mail whitelist, SMTP, and the setup of
// GitHub, LinuxDO, WeChat, Telegram and Turnstile, as the option registry places them. Agents see only the keys of
// their scope; a section left empty is not shown. What the registry cannot say is added here.
import { Alert } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { oauthCallbackPath, type OAuthCodeProvider } from '@contract/oauth';
import { RegistryTab } from '../options/RegistryTab';
import type { SectionContext } from '../options/OptionSection';

/** A host name like gmail.com: labels of letters, digits and inner hyphens, and a top-level label of letters. */
export const DOMAIN_PATTERN = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,}$/;

export function SystemTab() {
  const { t } = useTranslation();
  const site = ({ values }: SectionContext) => (values.ServerAddress ?? '').replace(/\/+$/, '') || t('siteSetting.providers.yourAddress');
  /** The addresses to register at the provider, from the saved server address. */
  const callbackHint = (provider: OAuthCodeProvider) => (ctx: SectionContext) => (
    <Alert className="gc-gap" type="info" content={t('siteSetting.providers.callbackHint', { home: site(ctx), callback: `${site(ctx)}${oauthCallbackPath(provider)}` })} />
  );
  return (
    <RegistryTab
      tab="system"
      fieldText="siteSetting.field"
      sectionText="siteSetting.section"
      sections={{
        general: { fields: { ServerAddress: { required: true } } },
        // spec 2 §5: the payment gateway calls back to the server address, so it must be set first
        payment: {
          check: ({ values }) => (values.ServerAddress !== undefined && values.ServerAddress.trim() === '' ? t('siteSetting.payment.serverAddressFirst') : null),
        },
        email_whitelist: {
          fields: {
            EmailDomainWhitelist: { checkItem: (item) => (DOMAIN_PATTERN.test(item) ? null : t('siteSetting.emailWhitelist.badDomain', { domain: item })) },
          },
        },
        github: { children: callbackHint('github') },
        linuxdo: { children: callbackHint('linuxdo') },
      }}
    />
  );
}
