// After adding codes (spec 3 "Redemption code management"): the new keys, copy all, and a .txt download named after
// the codes' name. The text area doubles as the manual-copy fallback when the clipboard is refused.
import { Button, Input, Modal, Space, Typography } from '@arco-design/web-react';
import { IconCopy, IconDownload } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { downloadText, keysFileName, keysText } from './redemption-display';

interface Props {
  /** null: closed. */
  created: { name: string; keys: string[] } | null;
  onCopy(text: string): void;
  onClose(): void;
}

export function CreatedCodesModal({ created, onCopy, onClose }: Props) {
  const { t } = useTranslation();
  const keys = created?.keys ?? [];
  const text = keysText(keys);
  return (
    <Modal
      visible={created !== null}
      title={t('redemption.createdTitle', { count: keys.length })}
      onCancel={onClose}
      style={{ width: 560, maxWidth: 'calc(100vw - 24px)' }}
      unmountOnExit
      footer={
        <Space wrap>
          <Button icon={<IconCopy />} type="primary" onClick={() => onCopy(text)}>
            {t('redemption.copyAll')}
          </Button>
          <Button icon={<IconDownload />} onClick={() => downloadText(text, keysFileName(created?.name ?? ''))}>
            {t('redemption.download')}
          </Button>
          <Button onClick={onClose}>{t('redemption.close')}</Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('redemption.createdHint')}</Typography.Paragraph>
      <Input.TextArea
        value={text}
        readOnly
        autoSize={{ minRows: 3, maxRows: 12 }}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', wordBreak: 'break-all' }}
        data-testid="redemption-created-keys"
      />
    </Modal>
  );
}
