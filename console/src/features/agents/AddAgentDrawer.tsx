// The add-agent drawer (admins; design agents.md §1): the user that becomes an agent, its domain and its parent
// agent (0 for none). All three are required; the server checks the user, the parent and that the domain is free.
import { useEffect, useState } from 'react';
import { Form, Input, InputNumber } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../components/FormDrawer';
import { AGENT_DOMAIN_MAX } from '@contract/agents';
import { useNotify } from '../../api/NotifyProvider';
import type { AgentsApi } from './agents.api';
import { addAgentProblem, addAgentRequest, emptyAddAgentForm, type AddAgentForm } from './agent-forms';

interface Props {
  visible: boolean;
  api: AgentsApi;
  onClose(): void;
  onAdded(): void;
}

const full = { width: '100%' };

export function AddAgentDrawer({ visible, api, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form, setForm] = useState<AddAgentForm>(emptyAddAgentForm);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<AddAgentForm>) => setForm((f) => ({ ...f, ...patch }));

  useEffect(() => {
    if (visible) setForm(emptyAddAgentForm());
  }, [visible]);

  const submit = async () => {
    const problem = addAgentProblem(form);
    if (problem) return notify.error(t(problem));
    setSaving(true);
    try {
      await api.add(addAgentRequest(form));
      notify.success(t('agents.add.created'));
      onAdded();
    } catch {
      // the client showed the server's message (unknown user, taken domain, ...)
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDrawer
      visible={visible}
      title={t('agents.add.title')}
      saving={saving}
      onClose={onClose}
      onSubmit={() => void submit()}
      cancelText={t('agents.cancel')}
      submitText={t('agents.add.submit')}
      submitTestId="add-agent-submit"
    >
      <Form layout="vertical" onSubmit={() => void submit()}>
        <Form.Item label={t('agents.add.agentId')} required extra={t('agents.add.agentIdHelp')}>
          <InputNumber
            min={1}
            precision={0}
            hideControl
            value={form.agent_id}
            onChange={(v) => set({ agent_id: typeof v === 'number' ? v : undefined })}
            placeholder={t('agents.add.agentIdPlaceholder')}
            style={full}
          />
        </Form.Item>
        <Form.Item label={t('agents.add.domain')} required extra={t('agents.add.domainHelp')}>
          <Input value={form.domain} maxLength={AGENT_DOMAIN_MAX} onChange={(domain) => set({ domain })} placeholder={t('agents.add.domainPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('agents.add.referrer')} required extra={t('agents.add.referrerHelp')}>
          <InputNumber
            min={0}
            precision={0}
            hideControl
            value={form.referrer_id}
            onChange={(v) => set({ referrer_id: typeof v === 'number' ? v : undefined })}
            placeholder={t('agents.add.referrerPlaceholder')}
            style={full}
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
