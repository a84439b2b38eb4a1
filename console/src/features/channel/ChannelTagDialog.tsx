// Edit a tag (spec 3 "Channel management"): new tag, model mapping, groups, models, priority, weight for every
// channel of the tag. Only what changed is sent.
import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Modal, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../api/NotifyProvider';
import { splitNames, type ChannelRow } from './channel-format';
import { tagEditPayload, type TagForm } from './channel-form';
import type { ChannelApi } from './channel.api';

interface Props {
  row: ChannelRow | null;
  groupOptions: string[];
  api: ChannelApi;
  onClose(): void;
  onSaved(): void;
}

function initialOf(row: ChannelRow): TagForm {
  const first = row.children?.[0] ?? row;
  return {
    new_tag: row.tagRow?.tag ?? '',
    model_mapping: first.model_mapping,
    models: splitNames(row.models),
    groups: splitNames(row.group),
    priority: first.priority,
    weight: first.weight,
  };
}

export function ChannelTagDialog({ row, groupOptions, api, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form, setForm] = useState<TagForm | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setForm(row ? initialOf(row) : null), [row]);
  if (!row?.tagRow || !form) return null;
  const tag = row.tagRow.tag;
  const set = (patch: Partial<TagForm>) => setForm((f) => (f ? { ...f, ...patch } : f));

  const submit = async () => {
    const r = tagEditPayload(tag, initialOf(row), form);
    if ('error' in r) return notify.error(t(r.error));
    setBusy(true);
    try {
      const n = await api.editTag(r.payload);
      notify.success(t('channel.msg.tagEdited', { count: n }));
      onSaved();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      title={t('channel.tagDialog.title', { tag })}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okText={t('channel.form.submit')}
      cancelText={t('channel.form.cancel')}
      style={{ width: 620 }}
    >
      <p className="gc-muted">{t('channel.tagDialog.hint')}</p>
      <Form layout="vertical">
        <Form.Item label={t('channel.tagDialog.newTag')}>
          <Input value={form.new_tag} onChange={(new_tag) => set({ new_tag })} />
        </Form.Item>
        <Form.Item label={t('channel.form.models')}>
          <Select mode="multiple" allowCreate allowClear value={form.models} onChange={(models: string[]) => set({ models })} options={form.models} />
        </Form.Item>
        <Form.Item label={t('channel.form.groups')}>
          <Select mode="multiple" allowCreate value={form.groups} onChange={(groups: string[]) => set({ groups })} options={[...new Set([...groupOptions, ...form.groups])]} />
        </Form.Item>
        <Form.Item label={t('channel.form.modelMapping')}>
          <Input.TextArea value={form.model_mapping} onChange={(model_mapping) => set({ model_mapping })} autoSize={{ minRows: 2, maxRows: 8 }} placeholder={t('channel.form.modelMappingPlaceholder')} />
        </Form.Item>
        <div className="gc-form-row">
          <Form.Item label={t('channel.form.priority')}>
            <InputNumber value={Number(form.priority)} precision={0} onChange={(v) => set({ priority: v ?? '' })} />
          </Form.Item>
          <Form.Item label={t('channel.form.weight')}>
            <InputNumber value={Number(form.weight)} precision={0} onChange={(v) => set({ weight: v ?? '' })} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
