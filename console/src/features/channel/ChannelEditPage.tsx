// /channel/add and /channel/edit/:id: the channel form (spec 3 "Channel management", §5 rules).
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Spin, Switch, Typography } from '@arco-design/web-react';
import { IconCloudDownload, IconLeft } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { KnownModel } from '@contract/channel';
import { useApi } from '../../api/ApiProvider';
import { ApiError } from '../../api/client';
import { useModalApi, useNotify } from '../../api/NotifyProvider';
import { useStatus } from '../status/StatusProvider';
import { channelApi } from './channel.api';
import { groupOptions } from './channel-format';
import { addModels, emptyForm, endsWithV1, formFromChannel, toPayload, validateChannelForm, type ChannelForm } from './channel-form';
import { typeName, typeOptionGroups, typeView, type Text } from './channel-type-view';

const MJ_TYPES = new Set([2, 5]);

export function ChannelEditPage() {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const editId = id ? Number(id) : null;
  const mode = editId ? 'edit' : 'create';
  const client = useApi();
  const api = useMemo(() => channelApi(client), [client]);
  const notify = useNotify();
  const modal = useModalApi();
  const navigate = useNavigate();
  const { status } = useStatus();
  const [form, setForm] = useState<ChannelForm | null>(editId ? null : emptyForm());
  const [known, setKnown] = useState<KnownModel[]>([]);
  const [custom, setCustom] = useState('');
  const [fetching, setFetching] = useState(false);
  const [saving, setSaving] = useState(false);
  const submitting = useRef(false);

  useEffect(() => {
    api.knownModels().then(setKnown, () => undefined);
    if (editId)
      api.get(editId).then(
        (c) => setForm(formFromChannel(c)),
        () => navigate('/channel'),
      );
  }, [api, editId, navigate]);

  const groups = useMemo(() => groupOptions(status?.group_ration, form?.groups ?? []), [status?.group_ration, form?.groups]);
  if (!form) return <Spin className="gc-page-spin" />;
  const set = (patch: Partial<ChannelForm>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const zh = i18n.language.startsWith('zh');
  const view = typeView(form.type, (key) => i18n.exists(key));
  const info = view.info;
  const tx = (x: Text) => t(x.key, x.params);
  const notRelayedMark = t('channelType.notRelayedMark');
  const related = known.filter((m) => info?.vendor && m.owned_by === info.vendor).map((m) => m.id);
  const modelOptions = [...new Set([...form.models, ...related, ...known.map((m) => m.id)])];

  const fillRelated = () => {
    const r = addModels(form.models, related.length ? related : known.map((m) => m.id));
    if (!r.added) return notify.info(t('channel.msg.modelsExist'));
    set({ models: r.models });
    notify.success(t('channel.msg.modelsAdded', { count: r.added }));
  };
  const addCustom = () => {
    const names = custom.split(',').map((s) => s.trim()).filter(Boolean);
    if (!names.length) return;
    const r = addModels(form.models, names);
    if (r.added < names.length) notify.info(t('channel.msg.modelsExist'));
    set({ models: r.models });
    setCustom('');
  };
  const fetchModels = async () => {
    const key = form.key.split('\n').map((k) => k.trim()).find(Boolean) ?? '';
    if (!key && !editId) return notify.error(t('channel.msg.keyRequired'));
    setFetching(true);
    try {
      const models = key
        ? await api.fetchModels({ base_url: form.base_url.trim(), type: form.type, key, other: form.other.trim() })
        : await api.fetchModelsOf(editId!);
      set({ models });
      notify.success(t('channel.msg.modelsFetched', { count: models.length }));
    } catch (e) {
      notify.error(e instanceof ApiError && e.kind === 'envelope' ? e.message : t('channel.msg.fetchModelsFailed'));
    } finally {
      setFetching(false);
    }
  };

  const save = async () => {
    submitting.current = true;
    setSaving(true);
    try {
      const payload = toPayload(form, mode);
      if (editId) await api.update({ ...payload, id: editId });
      else {
        const created = await api.create(payload);
        if (created.length > 1) notify.success(t('channel.msg.createdMany', { count: created.length }));
      }
      notify.success(t(editId ? 'channel.msg.updated' : 'channel.msg.created'));
      navigate('/channel');
    } catch {
      // shown by the client
    } finally {
      submitting.current = false;
      setSaving(false);
    }
  };

  const submit = () => {
    if (submitting.current) return notify.warning(t('channel.msg.resubmit'));
    const problem = validateChannelForm(form, mode);
    if (problem) return notify.error(t(problem));
    if (!view.baseUrlAsGiven && endsWithV1(form.base_url)) {
      modal.confirm?.({
        title: t('channel.msg.v1Title'),
        content: t('channel.msg.v1Confirm'),
        okText: t('channel.form.continue'),
        cancelText: t('channel.form.cancel'),
        onOk: () => void save(),
      });
      return;
    }
    void save();
  };

  return (
    <Card
      title={
        <Space>
          <Button size="small" icon={<IconLeft />} onClick={() => navigate('/channel')} aria-label={t('channel.form.back')} />
          {t(editId ? 'channel.edit' : 'channel.add')}
        </Space>
      }
    >
      <Form layout="vertical" className="gc-channel-form" onSubmit={submit}>
        <Form.Item label={t('channel.form.type')} required>
          <Select
            showSearch
            value={form.type}
            onChange={(type: number) => set({ type })}
            filterOption={(input, option) => String((option.props as { children?: unknown }).children ?? '').toLowerCase().includes(input.toLowerCase())}
            dropdownMenuStyle={{ maxHeight: 360 }}
            data-testid="channel-type"
          >
            {typeOptionGroups(zh).map((g) => (
              <Select.OptGroup key={g.group} label={t(`channelType.group.${g.group}`)}>
                {g.options.map((o) => (
                  <Select.Option key={o.value} value={o.value} className={o.relayed ? undefined : 'gc-type-not-relayed'}>
                    {o.relayed ? o.label : `${o.label} · ${notRelayedMark}`}
                  </Select.Option>
                ))}
              </Select.OptGroup>
            ))}
          </Select>
        </Form.Item>
        {info && !view.relayed && (
          <Alert
            type="warning"
            className="gc-gap"
            title={t('channelType.notRelayedTitle', { type: typeName(info, zh) })}
            content={t('channelType.notRelayedWarning')}
            data-testid="channel-type-warning"
          />
        )}
        <Form.Item label={t('channel.form.name')} required>
          <Input value={form.name} onChange={(name) => set({ name })} placeholder={t('channel.form.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          label={t('channel.form.key')}
          required={mode === 'create'}
          extra={view.keyHint ? tx(view.keyHint) : undefined}
        >
          <Input.TextArea
            value={form.key}
            onChange={(key) => set({ key })}
            autoSize={{ minRows: 2, maxRows: 8 }}
            placeholder={t(mode === 'create' ? 'channel.form.keyPlaceholderCreate' : 'channel.form.keyPlaceholderEdit')}
            data-testid="channel-key"
          />
        </Form.Item>
        <Form.Item label={t('channel.form.baseUrl')} extra={view.baseUrlHint ? tx(view.baseUrlHint) : t('channel.form.baseUrlHelp')}>
          <Input
            value={form.base_url}
            onChange={(base_url) => set({ base_url })}
            placeholder={tx(view.baseUrlPlaceholder)}
            data-testid="channel-base-url"
          />
        </Form.Item>
        {view.other && (
          <Form.Item label={tx(view.other.label)} extra={view.other.hint ? tx(view.other.hint) : undefined}>
            <Input value={form.other} onChange={(other) => set({ other })} placeholder={tx(view.other.placeholder)} data-testid="channel-other" />
          </Form.Item>
        )}
        {(view.showOrganization || form.openai_organization) && (
          <Form.Item label={t('channel.form.organization')}>
            <Input value={form.openai_organization} onChange={(openai_organization) => set({ openai_organization })} placeholder={t('channel.form.organizationPlaceholder')} />
          </Form.Item>
        )}
        <Form.Item label={t('channel.form.groups')} required>
          <Select mode="multiple" allowCreate value={form.groups} options={groups} onChange={(g: string[]) => set({ groups: g })} placeholder={t('channel.form.groupsPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('channel.form.models')} required>
          <Select
            mode="multiple"
            allowCreate
            allowClear
            showSearch
            value={form.models}
            options={modelOptions}
            onChange={(models: string[]) => set({ models })}
            placeholder={t('channel.form.modelsPlaceholder')}
            maxTagCount={40}
            data-testid="channel-models"
          />
          <Space wrap className="gc-form-tools">
            {view.fetchModels && (
              <Button size="small" icon={<IconCloudDownload />} loading={fetching} onClick={() => void fetchModels()}>
                {t('channel.form.fetchModels')}
              </Button>
            )}
            <Button size="small" onClick={fillRelated} disabled={known.length === 0}>
              {t('channel.form.fillRelated')}
            </Button>
            <Button size="small" onClick={() => set({ models: [] })}>
              {t('channel.form.clearModels')}
            </Button>
            <Input
              size="small"
              value={custom}
              onChange={setCustom}
              onPressEnter={addCustom}
              placeholder={t('channel.form.customModel')}
              style={{ width: 280 }}
              addAfter={<span className="gc-link" role="button" onClick={addCustom}>{t('channel.form.addModel')}</span>}
            />
          </Space>
        </Form.Item>
        <Form.Item label={t('channel.form.modelMapping')} extra={t('channel.form.modelMappingHelp')}>
          <Input.TextArea value={form.model_mapping} onChange={(model_mapping) => set({ model_mapping })} autoSize={{ minRows: 2, maxRows: 10 }} placeholder={t('channel.form.modelMappingPlaceholder')} />
        </Form.Item>
        <div className="gc-form-row">
          <Form.Item label={t('channel.form.testModel')}>
            <Input value={form.test_model} onChange={(test_model) => set({ test_model })} placeholder={t('channel.form.testModelPlaceholder')} />
          </Form.Item>
          <Form.Item label={t('channel.form.tag')}>
            <Input value={form.tag} onChange={(tag) => set({ tag })} placeholder={t('channel.form.tagPlaceholder')} />
          </Form.Item>
        </div>
        <div className="gc-form-row">
          <Form.Item label={t('channel.form.priority')} extra={t('channel.form.priorityHelp')}>
            <InputNumber value={form.priority === '' ? undefined : Number(form.priority)} precision={0} onChange={(v) => set({ priority: v ?? '' })} />
          </Form.Item>
          <Form.Item label={t('channel.form.weight')} extra={t('channel.form.weightHelp')}>
            <InputNumber value={form.weight === '' ? undefined : Number(form.weight)} precision={0} onChange={(v) => set({ weight: v ?? '' })} />
          </Form.Item>
          <Form.Item label={t('channel.form.autoBan')} extra={t('channel.form.autoBanHelp')}>
            <Switch checked={form.auto_ban} onChange={(auto_ban) => set({ auto_ban })} />
          </Form.Item>
        </div>
        {MJ_TYPES.has(form.type) && (
          <Form.Item label={t('channel.form.mjType')}>
            <Input value={form.mj_type} onChange={(mj_type) => set({ mj_type })} />
          </Form.Item>
        )}
        <Form.Item label={t('channel.form.statusCodeMapping')} extra={t('channel.form.statusCodeMappingHelp')}>
          <Input.TextArea value={form.status_code_mapping} onChange={(status_code_mapping) => set({ status_code_mapping })} autoSize={{ minRows: 1, maxRows: 6 }} placeholder='{"400": "500"}' />
        </Form.Item>
        <Form.Item label={t('channel.form.setting')} extra={t('channel.form.settingHelp')}>
          <Input.TextArea value={form.setting} onChange={(setting) => set({ setting })} autoSize={{ minRows: 1, maxRows: 6 }} placeholder='{"force_format": true, "proxy": ""}' />
        </Form.Item>
        <Form.Item label={t('channel.form.paramOverride')} extra={t('channel.form.paramOverrideHelp')}>
          <Input.TextArea value={form.param_override} onChange={(param_override) => set({ param_override })} autoSize={{ minRows: 1, maxRows: 6 }} placeholder='{"temperature": 0}' />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('channel.form.keyNeverShown')}</Typography.Paragraph>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('channel.form.submit')}
          </Button>
          <Button onClick={() => navigate('/channel')}>{t('channel.form.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
