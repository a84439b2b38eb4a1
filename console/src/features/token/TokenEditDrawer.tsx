// Add or edit a token (spec 3 "Token management": the token form). `token` null = add.
import { useEffect, useState } from 'react';
import {
  Button, DatePicker, Divider, Form, Input, InputNumber, Select, Space, Switch,
} from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../components/FormDrawer';
import {
  TOKEN_BATCH_MAX, TOKEN_COUNT_PRESETS, TOKEN_EXPIRY_PRESETS, TOKEN_MJ_MODELS, TOKEN_NAME_MAX, TOKEN_NEVER_EXPIRES,
  TOKEN_QUOTA_PRESETS_USD, type TokenExpiryPreset, type TokenView,
} from '@contract/token';
import { useNotify } from '../../api/NotifyProvider';
import { useStatus } from '../status/StatusProvider';
import { formatQuota } from '../setting/format-quota';
import type { TokenApi } from './token.api';
import {
  createRequest, emptyTokenForm, expiryFromPreset, formFromToken, updateRequest, usdToQuota, validateTokenForm,
  type TokenForm,
} from './token-form';

interface Props {
  visible: boolean;
  /** The token to edit; null to add. */
  token: TokenView | null;
  api: TokenApi;
  onClose(): void;
  onSaved(): void;
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);
const full = { width: '100%' };

export function TokenEditDrawer({ visible, token, api, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { status } = useStatus();
  const [form, setForm] = useState<TokenForm>(emptyTokenForm);
  const [saving, setSaving] = useState(false);
  const [models, setModels] = useState<string[]>([]);
  const [groups, setGroups] = useState<string[]>([]);
  const creating = token === null;
  const set = (patch: Partial<TokenForm>) => setForm((f) => ({ ...f, ...patch }));

  useEffect(() => {
    if (!visible) return;
    setForm(token ? formFromToken(token) : emptyTokenForm());
    let alive = true;
    api.models().then((m) => alive && Array.isArray(m) && setModels(m), () => undefined);
    api.groups().then((g) => alive && g && typeof g === 'object' && setGroups(Object.keys(g)), () => undefined);
    return () => {
      alive = false;
    };
  }, [visible, token, api]);

  const submit = async () => {
    const problem = validateTokenForm(form, { now: nowSeconds(), creating, storedExpiry: token?.expired_time });
    if (problem) return notify.error(t(problem, { nameMax: TOKEN_NAME_MAX, countMax: TOKEN_BATCH_MAX }));
    setSaving(true);
    try {
      if (creating) {
        const created = await api.create(createRequest(form));
        notify.success(t('token.created', { count: created.length }));
      } else {
        await api.update(updateRequest(token.id, form));
        notify.success(t('token.updated'));
      }
      onSaved();
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const presets = Object.keys(TOKEN_EXPIRY_PRESETS) as TokenExpiryPreset[];
  const modelOptions = [...new Set([...models, ...form.model_limits])];
  const groupOptions = [...new Set([...groups, ...(form.group ? [form.group] : [])])];

  return (
    <FormDrawer
      visible={visible}
      width={560}
      title={creating ? t('token.add') : t('token.edit')}
      saving={saving}
      onClose={onClose}
      onSubmit={() => void submit()}
      cancelText={t('token.form.cancel')}
      submitText={t('token.form.submit')}
      submitTestId="token-submit"
    >
      <Form layout="vertical" onSubmit={() => void submit()}>
        <Form.Item label={t('token.form.name')} required>
          <Input value={form.name} onChange={(name) => set({ name })} placeholder={t('token.form.namePlaceholder')} maxLength={TOKEN_NAME_MAX} showWordLimit />
        </Form.Item>

        <Form.Item label={t('token.form.remainQuota')} extra={t('token.form.quotaHint', { amount: formatQuota(form.remain_quota, status ? { ...status, display_in_currency: true } : null) })}>
          <Space direction="vertical" style={full}>
            <InputNumber
              value={form.remain_quota}
              min={0}
              precision={0}
              disabled={form.unlimited_quota}
              onChange={(v) => set({ remain_quota: typeof v === 'number' ? v : 0 })}
              style={full}
              aria-label={t('token.form.remainQuota')}
            />
            <Space wrap size={4}>
              {TOKEN_QUOTA_PRESETS_USD.map((usd) => (
                <Button key={usd} size="mini" disabled={form.unlimited_quota} onClick={() => set({ remain_quota: usdToQuota(usd, status?.quota_per_unit) })}>
                  ${usd}
                </Button>
              ))}
            </Space>
          </Space>
        </Form.Item>

        <Form.Item label={t('token.form.unlimited')} extra={t('token.form.unlimitedHint')}>
          <Switch checked={form.unlimited_quota} onChange={(unlimited_quota) => set({ unlimited_quota })} aria-label={t('token.form.unlimited')} />
        </Form.Item>

        <Form.Item label={t('token.form.expiry')}>
          <Space direction="vertical" style={full}>
            <DatePicker
              showTime
              style={full}
              value={form.expired_time === TOKEN_NEVER_EXPIRES ? undefined : form.expired_time * 1000}
              placeholder={t('token.form.expiryNever')}
              onChange={(_, d) => set({ expired_time: d ? Math.floor(d.valueOf() / 1000) : TOKEN_NEVER_EXPIRES })}
            />
            <Space wrap size={4}>
              {presets.map((p) => (
                <Button key={p} size="mini" onClick={() => set({ expired_time: expiryFromPreset(p, nowSeconds()) })}>
                  {t(`token.form.expiryPreset.${p}`)}
                </Button>
              ))}
            </Space>
          </Space>
        </Form.Item>

        <Form.Item label={t('token.form.modelLimits')}>
          <Space direction="vertical" style={full}>
            <Switch
              checked={form.model_limits_enabled}
              onChange={(model_limits_enabled) => set({ model_limits_enabled })}
              aria-label={t('token.form.modelLimitsEnabled')}
            />
            {form.model_limits_enabled && (
              <Select
                mode="multiple"
                allowCreate
                allowClear
                value={form.model_limits}
                options={modelOptions}
                placeholder={t('token.form.modelLimitsPlaceholder')}
                onChange={(v: string[]) => set({ model_limits: v })}
              />
            )}
          </Space>
        </Form.Item>

        <Form.Item label={t('token.form.allowIps')} extra={t('token.form.allowIpsHint')}>
          <Input.TextArea
            value={form.allow_ips}
            onChange={(allow_ips) => set({ allow_ips })}
            placeholder={t('token.form.allowIpsPlaceholder')}
            rows={3}
          />
        </Form.Item>

        <Form.Item label={t('token.form.group')}>
          <Select
            allowCreate
            allowClear
            value={form.group || undefined}
            options={groupOptions}
            placeholder={t('token.form.groupPlaceholder')}
            onChange={(v?: string) => set({ group: v ?? '' })}
          />
        </Form.Item>

        <Divider orientation="left">{t('token.form.drawing')}</Divider>
        <Form.Item label={t('token.form.mjProxy')}>
          <Input value={form.mj_proxy} onChange={(mj_proxy) => set({ mj_proxy })} placeholder={t('token.form.mjProxyPlaceholder')} maxLength={64} />
        </Form.Item>
        <Form.Item label={t('token.form.mjModel')}>
          <Select
            value={form.mj_model}
            onChange={(mj_model: string) => set({ mj_model })}
            options={[{ label: t('token.form.mjModelNone'), value: '' }, ...TOKEN_MJ_MODELS.map((m) => ({ label: m, value: m }))]}
          />
        </Form.Item>
        <Form.Item label={t('token.form.mjProxyUrl')}>
          <Input value={form.mj_proxy_url} onChange={(mj_proxy_url) => set({ mj_proxy_url })} placeholder="https://" />
        </Form.Item>

        {creating && (
          <Form.Item label={t('token.form.count')} extra={t('token.form.countHint')}>
            <Space direction="vertical" style={full}>
              <InputNumber
                value={form.count}
                min={1}
                max={TOKEN_BATCH_MAX}
                precision={0}
                onChange={(v) => set({ count: typeof v === 'number' ? v : 1 })}
                style={full}
                aria-label={t('token.form.count')}
              />
              <Space wrap size={4}>
                {TOKEN_COUNT_PRESETS.map((n) => (
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
