// Quota warning settings (spec 1 "Personal settings", §5, §9): e-mail or webhook, the threshold with its presets,
// and what a webhook receives. Warnings are sent at most once per two hours.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Radio, Space, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { QUOTA_WARNING_PRESETS } from '@contract/self';
import { useNotify } from '../../../api/NotifyProvider';
import { useStatus } from '../../status/StatusProvider';
import { formatQuota } from '../format-quota';
import { notifyFormOf, notifyFormProblem, notifyRequest, type NotifyForm } from './notify-form';
import { useSelfUser } from './self-user';

const full = { width: '100%' };
const CODE = { background: 'var(--color-fill-2)', padding: 12, borderRadius: 4, fontSize: 12, overflowX: 'auto', margin: '8px 0 0' } as const;
const WEBHOOK_EXAMPLE = `{
  "type": "quota_exceed",
  "title": "…",
  "content": "{{value}} … {{value}}",
  "values": ["…", "…"],
  "timestamp": 1739950503
}`;

export function NotifySettingsCard() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { status } = useStatus();
  const { self, api } = useSelfUser();
  const [form, setForm] = useState<NotifyForm | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<NotifyForm>) => setForm((f) => (f ? { ...f, ...patch } : f));

  useEffect(() => {
    if (self) setForm(notifyFormOf(self.setting));
  }, [self]);

  if (!form) return <Card title={t('personal.notify.title')} loading />;
  const asMoney = (q: number) => formatQuota(q, status ? { ...status, display_in_currency: true } : null);
  const problem = notifyFormProblem(form);

  const save = async () => {
    if (problem) return notify.error(t(problem));
    setSaving(true);
    try {
      const saved = await api.saveNotify(notifyRequest(form));
      setForm({ ...form, webhook_secret: '', secret_set: saved.webhook_secret_set, clear_secret: false });
      notify.success(t('personal.notify.saved'));
    } catch (e) {
      notify.error(t('personal.notify.saveFailed', { reason: (e as Error).message }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('personal.notify.title')} data-testid="notify-card">
      <Form layout="vertical" style={{ maxWidth: 640 }}>
        <Form.Item label={t('personal.notify.type')}>
          <Radio.Group type="button" value={form.notify_type} onChange={(notify_type) => set({ notify_type })}>
            <Radio value="email">{t('personal.notify.email')}</Radio>
            <Radio value="webhook">{t('personal.notify.webhook')}</Radio>
          </Radio.Group>
        </Form.Item>

        <Form.Item label={t('personal.notify.threshold')} extra={t('personal.notify.thresholdHint', { amount: asMoney(form.quota_warning_threshold) })}>
          <Space direction="vertical" style={full}>
            <InputNumber
              value={form.quota_warning_threshold}
              min={0}
              precision={0}
              onChange={(v) => set({ quota_warning_threshold: typeof v === 'number' ? v : 0 })}
              style={full}
              aria-label={t('personal.notify.threshold')}
            />
            <Space wrap size={4}>
              {QUOTA_WARNING_PRESETS.map((q) => (
                <Button key={q} size="mini" type={form.quota_warning_threshold === q ? 'primary' : 'secondary'} onClick={() => set({ quota_warning_threshold: q })}>
                  {`${q} (${asMoney(q)})`}
                </Button>
              ))}
            </Space>
          </Space>
        </Form.Item>

        {form.notify_type === 'email' ? (
          <Form.Item label={t('personal.notify.emailAddress')} extra={t('personal.notify.emailHint')}>
            <Input
              value={form.notification_email}
              onChange={(notification_email) => set({ notification_email })}
              placeholder={self?.email || t('personal.notify.emailPlaceholder')}
              aria-label={t('personal.notify.emailAddress')}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item label={t('personal.notify.webhookUrl')} required extra={t('personal.notify.webhookUrlHint')}>
              <Input
                value={form.webhook_url}
                onChange={(webhook_url) => set({ webhook_url })}
                placeholder="https://"
                aria-label={t('personal.notify.webhookUrl')}
              />
            </Form.Item>
            <Form.Item label={t('personal.notify.secret')} extra={t('personal.notify.secretHint')}>
              <Space direction="vertical" style={full}>
                <Input.Password
                  value={form.webhook_secret}
                  disabled={form.clear_secret}
                  onChange={(webhook_secret) => set({ webhook_secret })}
                  placeholder={form.secret_set ? t('personal.notify.secretKept') : t('personal.notify.secretPlaceholder')}
                  aria-label={t('personal.notify.secret')}
                />
                {form.secret_set && (
                  <Checkbox checked={form.clear_secret} onChange={(clear_secret: boolean) => set({ clear_secret, webhook_secret: '' })}>
                    {t('personal.notify.secretClear')}
                  </Checkbox>
                )}
              </Space>
            </Form.Item>
            <Form.Item label={t('personal.notify.webhookBody')}>
              <Typography.Paragraph style={{ marginBottom: 0 }}>{t('personal.notify.webhookBodyHint', { placeholder: '{{value}}' })}</Typography.Paragraph>
              <pre style={CODE}>{WEBHOOK_EXAMPLE}</pre>
            </Form.Item>
          </>
        )}

        <Alert type="info" content={t('personal.notify.limitHint')} style={{ marginBottom: 16 }} />
        {problem && <Alert type="warning" content={t(problem)} style={{ marginBottom: 16 }} data-testid="notify-problem" />}
        <Space>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="notify-save">
            {t('personal.notify.save')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
