// First-run wizard (spec 3 "Setup wizard"): GET /api/setup, then POST /api/setup and reload.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { SETUP_PASSWORD_MIN, SETUP_RELOAD_DELAY_MS, type SetupStatus } from '@contract/setup';
import { ApiError } from '../../api/client';
import { useApi } from '../../api/ApiProvider';
import { useNotify } from '../../api/NotifyProvider';
import { AdminAccountFields } from './AdminAccountFields';
import { UsageModeField } from './UsageModeField';
import { EMPTY_SETUP_FORM, setupPayload, validateSetup, type SetupForm } from './setup-form';

export function SetupPage() {
  const { t } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const [setup, setSetup] = useState<SetupStatus | null>(null);
  const [form, setForm] = useState<SetupForm>(EMPTY_SETUP_FORM);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    api.get<SetupStatus>('/api/setup', { quiet: true }).then(setSetup, () => notify.error(t('setup.loadFailed')));
    // Once: the status of an installation does not change under the wizard.
  }, [api, notify]);

  if (setup?.status) return <Navigate to="/" replace />;
  if (!setup) return <Spin className="gc-page-spin" />;

  const submit = async () => {
    const problem = validateSetup(form, setup.root_init);
    if (problem) return notify.error(t(problem, { min: SETUP_PASSWORD_MIN }));
    setSubmitting(true);
    try {
      await api.post('/api/setup', setupPayload(form, setup.root_init), { quiet: true });
      notify.success(t('setup.succeeded'));
      window.setTimeout(() => window.location.reload(), SETUP_RELOAD_DELAY_MS);
    } catch (err) {
      const serverSaid = err instanceof ApiError && err.kind === 'envelope' ? err.message : '';
      notify.error(serverSaid || t('setup.failed'));
      setSubmitting(false);
    }
  };

  return (
    <Card className="gc-setup" title={t('setup.title')}>
      {setup.database_type === 'sqlite' && (
        <Alert type="warning" title={t('setup.sqliteTitle')} content={t('setup.sqliteWarning')} className="gc-gap" />
      )}
      <Form layout="vertical" onSubmit={() => void submit()}>
        {setup.root_init ? (
          <Alert type="info" content={t('setup.rootExists')} className="gc-gap" />
        ) : (
          <AdminAccountFields form={form} onChange={(patch) => setForm((f) => ({ ...f, ...patch }))} />
        )}
        <Form.Item label={t('setup.mode.label')}>
          <UsageModeField value={form.mode} onChange={(mode) => setForm((f) => ({ ...f, mode }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" long loading={submitting}>
          {t('setup.submit')}
        </Button>
      </Form>
    </Card>
  );
}
