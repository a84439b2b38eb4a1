// Ratio settings of the operation tab (spec 2 §2): sub-tabs "model ratio" (the ratio tables and groups as JSON, for
// the super admin: agents hold none of these keys and do not see the card), "visual ratio" (the per-model price table)
// and "unset models" (super admin both).
import { useMemo, useState } from 'react';
import { Button, Card, Tabs } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { optionKeysIn, type OptionKey } from '@contract/options';
import { roleAtLeast } from '@contract/roles';
import { useApi } from '../../../../api/ApiProvider';
import { useModalApi, useNotify } from '../../../../api/NotifyProvider';
import { editableKeys } from '../../options/option-form';
import { OptionSection } from '../../options/OptionSection';
import { useOptions } from '../../options/OptionsProvider';
import { useFieldText } from '../../options/use-field-text';
import { operationApi } from '../operation.api';
import { UnsetModelsPanel } from './UnsetModelsPanel';
import { VisualRatioPanel } from './VisualRatioPanel';

/** The ratio tables and group settings, edited as JSON in the "model ratio" sub-tab. */
const RATIO_KEYS = optionKeysIn('operation', 'ratio');

export function RatioSettings() {
  const { t } = useTranslation();
  const { values, role } = useOptions();
  const text = useFieldText('settingOperation.field');
  const admin = roleAtLeast(role, 'admin');
  const [tab, setTab] = useState('model');
  const jsonKeys = editableKeys(RATIO_KEYS, role, values);
  if (jsonKeys.length === 0 && !admin) return null;
  const field = (key: OptionKey) => ({ ...text(key), rows: 6 });
  return (
    <Card className="gc-option-section gc-ratio-settings" title={t('settingOperation.section.ratio.title')} data-testid="section-ratio">
      <Tabs activeTab={tab} onChange={setTab} lazyload destroyOnHide>
        <Tabs.TabPane key="model" title={t('settingOperation.ratio.tab.model')}>
          <OptionSection id="ratio-json" title={t('settingOperation.ratio.tab.model')} fields={jsonKeys.map(field)} />
          {admin && <ResetModelRatio />}
        </Tabs.TabPane>
        {admin && (
          <Tabs.TabPane key="visual" title={t('settingOperation.ratio.tab.visual')}>
            <VisualRatioPanel />
          </Tabs.TabPane>
        )}
        {admin && (
          <Tabs.TabPane key="unset" title={t('settingOperation.ratio.tab.unset')}>
            <UnsetModelsPanel />
          </Tabs.TabPane>
        )}
      </Tabs>
    </Card>
  );
}

/** POST /api/option/rest_model_ratio after a confirmation, then the tab re-reads the options. */
function ResetModelRatio() {
  const { t } = useTranslation();
  const client = useApi();
  const api = useMemo(() => operationApi(client), [client]);
  const notify = useNotify();
  const modal = useModalApi();
  const { reload } = useOptions();
  const reset = async () => {
    try {
      await api.resetModelRatio();
      notify.success(t('settingOperation.ratio.resetDone'));
      await reload();
    } catch {
      // the client showed the reason
    }
  };
  const ask = () =>
    modal.confirm?.({
      title: t('settingOperation.ratio.resetTitle'),
      content: t('settingOperation.ratio.resetContent'),
      okText: t('optionForm.confirm.ok'),
      cancelText: t('optionForm.confirm.cancel'),
      okButtonProps: { status: 'danger' },
      onOk: reset,
    });
  return (
    <Button status="danger" className="gc-ratio-reset" onClick={ask} data-testid="ratio-reset">
      {t('settingOperation.ratio.reset')}
    </Button>
  );
}
