import { Button, Tooltip } from '@arco-design/web-react';
import { IconMoonFill, IconSunFill } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useTheme } from './ThemeProvider';

export function ThemeSwitch() {
  const { mode, toggle } = useTheme();
  const { t } = useTranslation();
  const label = mode === 'dark' ? t('header.themeLight') : t('header.themeDark');
  return (
    <Tooltip content={label}>
      <Button
        shape="circle"
        type="secondary"
        aria-label={label}
        data-testid="theme-switch"
        icon={mode === 'dark' ? <IconSunFill /> : <IconMoonFill />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
