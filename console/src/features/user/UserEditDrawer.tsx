// The edit-user drawer (spec 1 §5, §6). Admins edit every field; agents see only what they may change (name,
// display name, password, non-negative quota, exclusive price). Only changed fields are sent.
import { useEffect, useState } from 'react';
import { Divider, Form, Input, InputNumber, Select, Space, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../components/FormDrawer';
import { PASSWORD_MAX, USERNAME_MAX } from '@contract/user';
import { USER_DISPLAY_NAME_MAX, type UserRow } from '@contract/user-admin';
import { useNotify } from '../../api/NotifyProvider';
import { useStatus } from '../status/StatusProvider';
import { formatQuota } from '../setting/format-quota';
import { perUnitOf, quotaFromDollars } from '@contract/quota-format';
import type { UserApi } from './user.api';
import { formFromUser, updateRequest, validateEditForm, type EditForm } from './user-form';

interface Props {
  user: UserRow | null;
  admin: boolean;
  api: UserApi;
  groups: string[];
  onClose(): void;
  onSaved(user: UserRow): void;
}

const full = { width: '100%' };

export function UserEditDrawer({ user, admin, api, groups, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { status } = useStatus();
  const [form, setForm] = useState<EditForm | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<EditForm>) => {
    setProblem(null); // a field marked wrong is cleared as soon as it is edited
    setForm((f) => (f ? { ...f, ...patch } : f));
  };

  useEffect(() => {
    setForm(user ? formFromUser(user) : null);
    setProblem(null);
  }, [user]);

  const submit = async () => {
    if (!user || !form) return;
    const p = validateEditForm(form, admin);
    setProblem(p);
    if (p) return notify.error(t(p));
    const req = updateRequest(user, form, admin);
    if (!req) return notify.info(t('userAdmin.nothingChanged'));
    setSaving(true);
    try {
      const saved = await api.update(req);
      notify.success(t('userAdmin.updated'));
      onSaved(saved);
    } catch {
      // the client showed the server's message (e.g. "exclusive price too low")
    } finally {
      setSaving(false);
    }
  };

  /** Marks the field whose check failed, with the message under it. */
  const error = (key: string) => (problem === key ? { validateStatus: 'error' as const, help: t(key) } : {});
  const groupOptions = [...new Set([...groups, ...(form?.group ? [form.group] : []), ...(form?.allow_groups ?? [])])];

  return (
    <FormDrawer
      visible={user !== null}
      width={560}
      title={t('userAdmin.form.editTitle')}
      saving={saving}
      onClose={onClose}
      onSubmit={() => void submit()}
      cancelText={t('userAdmin.form.cancel')}
      submitText={t('userAdmin.form.submit')}
      submitTestId="user-edit-submit"
    >
      {user && form && (
        <Form layout="vertical" onSubmit={() => void submit()}>
          <Form.Item label={t('userAdmin.form.username')} required {...error('userAdmin.form.usernameRequired')}>
            <Input value={form.username} onChange={(username) => set({ username })} placeholder={t('userAdmin.form.usernamePlaceholder')} maxLength={USERNAME_MAX} />
          </Form.Item>
          <Form.Item label={t('userAdmin.form.displayName')}>
            <Input value={form.display_name} onChange={(display_name) => set({ display_name })} placeholder={t('userAdmin.form.displayNamePlaceholder')} maxLength={USER_DISPLAY_NAME_MAX} />
          </Form.Item>
          <Form.Item label={t('userAdmin.form.newPassword')} {...error('userAdmin.form.passwordShort')}>
            <Input.Password
              value={form.password}
              onChange={(password) => set({ password })}
              placeholder={t('userAdmin.form.newPasswordPlaceholder')}
              maxLength={PASSWORD_MAX}
              autoComplete="new-password"
            />
          </Form.Item>
          {admin && (
            <Form.Item label={t('userAdmin.form.group')}>
              <Select value={form.group} options={groupOptions} placeholder={t('userAdmin.form.groupPlaceholder')} onChange={(group: string) => set({ group })} />
            </Form.Item>
          )}
          <Form.Item label={t('userAdmin.form.quota')}>
            <Typography.Text data-testid="user-edit-quota">{formatQuota(user.quota, status)}</Typography.Text>
          </Form.Item>
          <Form.Item
            label={t('userAdmin.form.addQuota')}
            extra={
              <>
                {t(admin ? 'userAdmin.form.addQuotaHintAdmin' : 'userAdmin.form.addQuotaHintAgent')}
                {form.add_quota !== 0 && Number.isFinite(form.add_quota) && (
                  <div>
                    {t('userAdmin.form.addQuotaHint', {
                      amount: formatQuota(form.add_quota, status),
                      after: formatQuota(user.quota + form.add_quota, status),
                    })}
                  </div>
                )}
              </>
            }
            {...error('userAdmin.form.negativeQuota')}
            {...error('userAdmin.form.quotaInvalid')}
          >
            {/* In dollars when the site shows currency (the form keeps whole quota either way). */}
            {status?.display_in_currency ? (
              <InputNumber
                value={form.add_quota / perUnitOf(status)}
                min={admin ? undefined : 0}
                precision={6}
                prefix="$"
                onChange={(v) => set({ add_quota: typeof v === 'number' ? quotaFromDollars(v, status) : 0 })}
                style={full}
                aria-label={t('userAdmin.form.addQuota')}
              />
            ) : (
              <InputNumber
                value={form.add_quota}
                min={admin ? undefined : 0}
                precision={0}
                onChange={(v) => set({ add_quota: typeof v === 'number' ? v : 0 })}
                style={full}
                aria-label={t('userAdmin.form.addQuota')}
              />
            )}
          </Form.Item>
          <Form.Item label={t('userAdmin.form.exclusivePrice')} extra={admin ? undefined : t('userAdmin.form.exclusivePriceHint')} {...error('userAdmin.form.priceInvalid')}>
            <InputNumber
              value={form.exclusive_price}
              min={0}
              step={0.1}
              onChange={(v) => set({ exclusive_price: typeof v === 'number' ? v : 0 })}
              style={full}
              aria-label={t('userAdmin.form.exclusivePrice')}
            />
          </Form.Item>
          {admin && (
            <>
              <Form.Item label={t('userAdmin.form.allowGroups')}>
                <Select
                  mode="multiple"
                  allowClear
                  value={form.allow_groups}
                  options={groupOptions}
                  placeholder={t('userAdmin.form.allowGroupsPlaceholder')}
                  onChange={(allow_groups: string[]) => set({ allow_groups })}
                />
              </Form.Item>
              <Form.Item label={t('userAdmin.form.agentId')} extra={t('userAdmin.form.agentIdHelp')} {...error('userAdmin.form.agentIdInvalid')}>
                <InputNumber
                  value={form.agent_id}
                  min={0}
                  precision={0}
                  hideControl
                  onChange={(v) => set({ agent_id: typeof v === 'number' ? v : 0 })}
                  placeholder="0"
                  style={full}
                  aria-label={t('userAdmin.form.agentId')}
                />
              </Form.Item>
              <Form.Item label={t('userAdmin.form.modelsRatio')} {...error('userAdmin.form.modelsRatioInvalid')}>
                <Input.TextArea
                  value={form.models_ratio}
                  onChange={(models_ratio) => set({ models_ratio })}
                  placeholder={t('userAdmin.form.modelsRatioPlaceholder')}
                  autoSize={{ minRows: 2, maxRows: 8 }}
                  style={{ fontFamily: 'monospace' }}
                />
              </Form.Item>
              <Divider orientation="left">{t('userAdmin.form.bindings')}</Divider>
              <Space direction="vertical" size={2}>
                {(
                  [
                    ['userAdmin.form.email', user.email],
                    ['GitHub', user.github_id],
                    ['WeChat', user.wechat_id],
                    ['Telegram', user.telegram_id],
                    ['LinuxDO', user.linux_do_id],
                  ] as const
                ).map(([label, value]) => (
                  <Typography.Text key={label} type="secondary">
                    {label.startsWith('userAdmin.') ? t(label) : label}: {value || t('userAdmin.form.noBinding')}
                  </Typography.Text>
                ))}
              </Space>
            </>
          )}
        </Form>
      )}
    </FormDrawer>
  );
}
