// Moves invite earnings into the usable balance (reference §7.2): at least one quota unit, at most what is there.
import { useEffect, useState } from 'react';
import { Form, InputNumber, Modal, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_QUOTA_PER_UNIT } from '@contract/roles';
import { useNotify } from '../../../api/NotifyProvider';
import { useStatus } from '../../status/StatusProvider';
import { formatQuota } from '../format-quota';
import { transferProblem } from './invite';
import { useSelfUser } from './self-user';

interface Props {
  visible: boolean;
  affQuota: number;
  onClose(): void;
  onDone(): void;
}

export function AffTransferModal({ visible, affQuota, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { status } = useStatus();
  const { api } = useSelfUser();
  const perUnit = status?.quota_per_unit && status.quota_per_unit > 0 ? status.quota_per_unit : DEFAULT_QUOTA_PER_UNIT;
  const [quota, setQuota] = useState<number | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (visible) setQuota(affQuota >= perUnit ? affQuota : perUnit);
  }, [visible, affQuota, perUnit]);

  const amount = (q: number) => formatQuota(q, status ? { ...status, display_in_currency: true } : null);
  const problem = transferProblem(quota, affQuota, perUnit);
  const submit = async () => {
    if (problem) return notify.error(t(problem, { amount: amount(perUnit) }));
    setSaving(true);
    try {
      await api.affTransfer(quota!);
      notify.success(t('personal.invite.transferred'));
      onDone();
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('personal.invite.transfer')}
      visible={visible}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'aff-transfer-submit' } as object}
      unmountOnExit
    >
      <Form layout="vertical">
        <Form.Item label={t('personal.invite.available')}>
          <Typography.Text>{formatQuota(affQuota, status)}</Typography.Text>
        </Form.Item>
        <Form.Item
          label={t('personal.invite.amount')}
          extra={t('personal.invite.amountHint', { amount: amount(perUnit), value: quota ? amount(quota) : '-' })}
          validateStatus={quota !== undefined && problem ? 'error' : undefined}
          help={quota !== undefined && problem ? t(problem, { amount: amount(perUnit) }) : undefined}
        >
          <InputNumber
            value={quota}
            min={0}
            precision={0}
            onChange={(v) => setQuota(typeof v === 'number' ? v : undefined)}
            style={{ width: '100%' }}
            aria-label={t('personal.invite.amount')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
