// A boolean option: flips between "true" and "false" and saves at once (spec 2 §4). Turning on a switch that needs
// other settings first (registry `requires`) is refused with their names; a flip that could lock users out
// (registry `warnOff`) asks first, and cancelling leaves the option as it was.
import { useState, type ReactNode } from 'react';
import { Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { OptionKey } from '@contract/options';
import { useModalApi, useNotify } from '../../../api/NotifyProvider';
import { confirmRule } from './option-confirm';
import { missingRequirements } from './option-form';
import { useOptions } from './OptionsProvider';

interface Props {
  optionKey: OptionKey;
  label: string;
  help?: ReactNode;
  /** Shown on and locked (e.g. SSL while the SMTP port is 465). */
  forcedOn?: boolean;
}

export function OptionSwitch({ optionKey, label, help, forcedOn }: Props) {
  const { t } = useTranslation();
  const modal = useModalApi();
  const notify = useNotify();
  const { values, secrets, save, label: labelOf } = useOptions();
  const [busy, setBusy] = useState(false);
  const checked = forcedOn || values[optionKey] === 'true';

  const commit = async (next: string) => {
    setBusy(true);
    try {
      await save([[optionKey, next]]);
    } finally {
      setBusy(false);
    }
  };

  const flip = (on: boolean) => {
    const next = on ? 'true' : 'false';
    const missing = missingRequirements(optionKey, next, values, secrets);
    if (missing.length > 0) return notify.error(t('optionForm.requires', { missing: missing.map(labelOf).join(t('optionForm.listSeparator')) }));
    const rule = confirmRule(optionKey, next);
    if (!rule) return void commit(next);
    modal.confirm?.({
      title: t(rule.title, { label }),
      content: t(rule.content),
      okText: t('optionForm.confirm.ok'),
      cancelText: t('optionForm.confirm.cancel'),
      okButtonProps: { status: 'danger' },
      onOk: () => commit(next),
    });
  };

  return (
    <div className="gc-option-switch" data-testid={`option-${optionKey}`}>
      <label className="gc-switch-label">
        <Switch size="small" checked={checked} loading={busy} disabled={forcedOn} onChange={flip} aria-label={label} />
        <span>{label}</span>
      </label>
      {help && <div className="gc-option-help">{help}</div>}
    </div>
  );
}
