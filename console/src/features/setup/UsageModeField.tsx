import { useState } from 'react';
import { Link, Modal, Radio, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { UsageMode } from '@contract/setup';

const MODES: readonly UsageMode[] = ['external', 'self', 'demo'];

interface UsageModeFieldProps {
  value: UsageMode;
  onChange(mode: UsageMode): void;
}

/** Usage mode radio with a dialog explaining the three modes. */
export function UsageModeField({ value, onChange }: UsageModeFieldProps) {
  const { t } = useTranslation();
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <div className="gc-setup-mode">
      <Radio.Group value={value} onChange={(v: UsageMode) => onChange(v)} direction="vertical">
        {MODES.map((mode) => (
          <Radio key={mode} value={mode}>
            {t(`setup.mode.${mode}`)}
          </Radio>
        ))}
      </Radio.Group>
      <Link onClick={() => setHelpOpen(true)}>{t('setup.mode.learnMore')}</Link>
      <Modal
        title={t('setup.mode.helpTitle')}
        visible={helpOpen}
        onOk={() => setHelpOpen(false)}
        onCancel={() => setHelpOpen(false)}
        hideCancel
      >
        {MODES.map((mode) => (
          <div key={mode} className="gc-setup-mode-help">
            <Typography.Title heading={6}>{t(`setup.mode.${mode}`)}</Typography.Title>
            <Typography.Paragraph>{t(`setup.mode.${mode}Help`)}</Typography.Paragraph>
          </div>
        ))}
      </Modal>
    </div>
  );
}
