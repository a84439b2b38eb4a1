// Add codes (name, quota, count) or edit an unused one (name, quota). `code` null = add. The quota is typed in
// dollars when the site shows currency, with the token drawer's dollar presets.
import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../components/FormDrawer';
import { REDEMPTION_BATCH_MAX, REDEMPTION_NAME_MAX, type RedemptionView } from '@contract/redemption';
import { TOKEN_QUOTA_PRESETS_USD } from '@contract/token';
import { useNotify } from '../../api/NotifyProvider';
import { useStatus } from '../status/StatusProvider';
import { formatQuota } from '../setting/format-quota';
import type { RedemptionApi } from './redemption.api';
import {
  createRequest, emptyRedemptionForm, formFromRedemption, presetAmount, quotaOf, quotaUnit, updateRequest,
  validateRedemptionForm, type RedemptionForm,
} from './redemption-form';

const COUNT_PRESETS = [1, 10, 20, 50, 100] as const;
const full = { width: '100%' };

interface Props {
  visible: boolean;
  /** The code to edit; null to add. */
  code: RedemptionView | null;
  api: RedemptionApi;
  onClose(): void;
  /** After an edit: no keys. After adding: the new keys and the name they were made under. */
  onSaved(created?: { name: string; keys: string[] }): void;
}

export function RedemptionEditDrawer({ visible, code, api, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { status } = useStatus();
  const { currency, perUnit } = quotaUnit(status);
  const unit = useMemo(() => ({ currency, perUnit }), [currency, perUnit]);
  const creating = code === null;
  const [form, setForm] = useState<RedemptionForm>(() => emptyRedemptionForm(unit));
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<RedemptionForm>) => setForm((f) => ({ ...f, ...patch }));

  useEffect(() => {
    if (visible) setForm(code ? formFromRedemption(code, unit) : emptyRedemptionForm(unit));
  }, [visible, code, unit]);

  const submit = async () => {
    const problem = validateRedemptionForm(form, unit, creating);
    if (problem) return notify.error(t(problem, { max: problem.endsWith('countInvalid') ? REDEMPTION_BATCH_MAX : REDEMPTION_NAME_MAX }));
    setSaving(true);
    try {
      if (creating) {
        const body = createRequest(form, unit);
        const keys = await api.create(body);
        notify.success(t('redemption.created', { count: keys.length }));
        onSaved({ name: body.name, keys });
      } else {
        await api.update(updateRequest(code.id, form, unit));
        notify.success(t('redemption.updated'));
        onSaved();
      }
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const quota = quotaOf(form.amount || 0, unit);
  const hint = unit.currency
    ? t('redemption.form.quotaHintUsd', { quota })
    : t('redemption.form.quotaHintPoints', { amount: formatQuota(quota, { quota_per_unit: unit.perUnit, display_in_currency: true }) });

  return (
    <FormDrawer
      visible={visible}
      title={creating ? t('redemption.add') : t('redemption.edit')}
      saving={saving}
      onClose={onClose}
      onSubmit={() => void submit()}
      cancelText={t('redemption.form.cancel')}
      submitText={t('redemption.form.submit')}
      submitTestId="redemption-submit"
    >
      <Form layout="vertical" onSubmit={() => void submit()}>
        <Form.Item label={t('redemption.form.name')} required>
          <Input
            value={form.name}
            onChange={(name) => set({ name })}
            placeholder={t('redemption.form.namePlaceholder', { max: REDEMPTION_NAME_MAX })}
            maxLength={REDEMPTION_NAME_MAX}
            showWordLimit
          />
        </Form.Item>

        <Form.Item label={t(unit.currency ? 'redemption.form.quotaUsd' : 'redemption.form.quotaPoints')} required extra={hint}>
          <Space direction="vertical" style={full}>
            <InputNumber
              value={form.amount}
              min={0}
              precision={unit.currency ? undefined : 0}
              prefix={unit.currency ? '$' : undefined}
              onChange={(v) => set({ amount: typeof v === 'number' ? v : 0 })}
              style={full}
              aria-label={t(unit.currency ? 'redemption.form.quotaUsd' : 'redemption.form.quotaPoints')}
            />
            <Space wrap size={4}>
              {TOKEN_QUOTA_PRESETS_USD.map((usd) => (
                <Button key={usd} size="mini" onClick={() => set({ amount: presetAmount(usd, unit) })}>
                  ${usd}
                </Button>
              ))}
            </Space>
          </Space>
        </Form.Item>

        {creating && (
          <Form.Item label={t('redemption.form.count')} extra={t('redemption.form.countHint', { max: REDEMPTION_BATCH_MAX })}>
            <Space direction="vertical" style={full}>
              <InputNumber
                value={form.count}
                min={1}
                max={REDEMPTION_BATCH_MAX}
                precision={0}
                onChange={(v) => set({ count: typeof v === 'number' ? v : 1 })}
                style={full}
                aria-label={t('redemption.form.count')}
              />
              <Space wrap size={4}>
                {COUNT_PRESETS.map((n) => (
                  <Button key={n} size="mini" onClick={() => set({ count: n })}>
                    {n}
                  </Button>
                ))}
              </Space>
            </Space>
          </Form.Item>
        )}
      </Form>
    </FormDrawer>
  );
}
