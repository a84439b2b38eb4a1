// Bulk setting for the selected unset models (spec 2 §5): a fixed price, a model ratio, a completion ratio, or
// both ratios at once; values must be present and numeric.
import { useEffect, useState } from 'react';
import { Form, Input, Modal, Radio } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { checkBatch, type Batch, type BatchKind } from './price-rows';

interface Props {
  visible: boolean;
  count: number;
  onCancel(): void;
  onApply(batch: Batch): void;
}

const KINDS: BatchKind[] = ['price', 'ratio', 'completionRatio', 'bothRatio'];
const EMPTY: Batch = { kind: 'ratio', value: '', completionRatio: '' };

export function BatchModal({ visible, count, onCancel, onApply }: Props) {
  const { t } = useTranslation();
  const [batch, setBatch] = useState<Batch>(EMPTY);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!visible) return;
    setBatch(EMPTY);
    setError(null);
  }, [visible]);

  const ok = () => {
    const problem = checkBatch(count, batch);
    if (problem) return setError(t(`settingOperation.batch.${problem}`));
    onApply(batch);
  };

  const both = batch.kind === 'bothRatio';
  const valueLabel = t(both ? 'settingOperation.ratio.col.ratio' : `settingOperation.batch.kind.${batch.kind}`);
  return (
    <Modal title={t('settingOperation.batch.title', { count })} visible={visible} onOk={ok} onCancel={onCancel} unmountOnExit>
      <Form layout="vertical" data-testid="batch-form">
        <Form.Item label={t('settingOperation.batch.kindLabel')}>
          <Radio.Group value={batch.kind} onChange={(kind: BatchKind) => setBatch({ ...EMPTY, kind })}>
            {KINDS.map((k) => (
              <Radio key={k} value={k}>
                {t(`settingOperation.batch.kind.${k}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={valueLabel}>
          <Input value={batch.value} onChange={(value) => setBatch((b) => ({ ...b, value }))} aria-label={valueLabel} />
        </Form.Item>
        {both && (
          <Form.Item label={t('settingOperation.ratio.col.completionRatio')}>
            <Input
              value={batch.completionRatio}
              onChange={(completionRatio) => setBatch((b) => ({ ...b, completionRatio }))}
              aria-label={t('settingOperation.ratio.col.completionRatio')}
            />
          </Form.Item>
        )}
        {error && <div className="gc-form-error" role="alert">{error}</div>}
      </Form>
    </Modal>
  );
}
