// Clears the logs written before a chosen time (spec 2 §8, §9; default one month ago), after a confirmation.
import { useMemo, useState } from 'react';
import { Button, DatePicker, Form, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { roleAtLeast } from '@contract/roles';
import { useApi } from '../../../api/ApiProvider';
import { useModalApi, useNotify } from '../../../api/NotifyProvider';
import { useOptions } from '../options/OptionsProvider';
import { operationApi } from './operation.api';

/** The same wall-clock time one calendar month earlier (the default cut-off). */
export function oneMonthBefore(now: Date): Date {
  const d = new Date(now);
  d.setMonth(d.getMonth() - 1);
  return d;
}

/** Super admins only: DELETE /api/log/ is theirs. */
export function LogCleanup() {
  const { role } = useOptions();
  return roleAtLeast(role, 'admin') ? <LogCleanupForm /> : null;
}

function LogCleanupForm() {
  const { t } = useTranslation();
  const client = useApi();
  const api = useMemo(() => operationApi(client), [client]);
  const notify = useNotify();
  const modal = useModalApi();
  const [before, setBefore] = useState<number | undefined>(() => oneMonthBefore(new Date()).getTime());
  const [busy, setBusy] = useState(false);

  const clear = async (ms: number) => {
    setBusy(true);
    try {
      const count = await api.clearLogs(Math.floor(ms / 1000));
      notify.success(t('settingOperation.logs.cleared', { count: Number(count) || 0 }));
    } catch (e) {
      notify.error(t('settingOperation.logs.failed', { message: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  const ask = () => {
    if (before === undefined) return notify.error(t('settingOperation.logs.pickTime'));
    modal.confirm?.({
      title: t('settingOperation.logs.confirmTitle'),
      content: t('settingOperation.logs.confirmContent', { time: new Date(before).toLocaleString() }),
      okText: t('optionForm.confirm.ok'),
      cancelText: t('optionForm.confirm.cancel'),
      okButtonProps: { status: 'danger' },
      onOk: () => clear(before),
    });
  };

  return (
    <Form layout="vertical" className="gc-log-cleanup">
      <Form.Item label={t('settingOperation.logs.before')} extra={t('settingOperation.logs.help')}>
        <Space wrap>
          <DatePicker
            showTime
            value={before}
            style={{ width: 240 }}
            onChange={(_, d) => setBefore(d ? d.valueOf() : undefined)}
            aria-label={t('settingOperation.logs.before')}
          />
          <Button status="danger" loading={busy} onClick={ask} data-testid="logs-clear">
            {t('settingOperation.logs.clear')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
