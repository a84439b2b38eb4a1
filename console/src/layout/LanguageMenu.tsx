import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconLanguage } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, storeLanguage } from '../i18n/create-i18n';

/** zh / en switch; the choice is remembered under i18nextLng. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const choose = (lng: string) => {
    if (!isLanguage(lng)) return;
    storeLanguage(lng);
    void i18n.changeLanguage(lng);
  };
  const menu = (
    <Menu selectedKeys={[i18n.language]} onClickMenuItem={choose}>
      {LANGUAGES.map((lng) => (
        <Menu.Item key={lng}>{t(`language.${lng}`)}</Menu.Item>
      ))}
    </Menu>
  );
  return (
    <Dropdown droplist={menu} trigger="click" position="br">
      <Button shape="circle" type="secondary" icon={<IconLanguage />} aria-label={t('header.language')} />
    </Dropdown>
  );
}
