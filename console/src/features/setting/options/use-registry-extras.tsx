// What a field gets from its registry hints beyond the input OptionField picks by type: presets as quick picks,
// quota shown in dollars, a select for `choices` (labels from `<fieldText>.<key>.choices.<value>`), and a text area
// for multi-line texts and one-per-line lists.
import { useCallback } from 'react';
import { Button, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { OptionKey } from '@contract/options';
import { DEFAULT_QUOTA_PER_UNIT } from '@contract/roles';
import { useStatus } from '../../status/StatusProvider';
import { formatQuota } from '../format-quota';
import { defOf } from './option-form';
import type { FieldSpec } from './OptionField';
import { useOptions } from './OptionsProvider';

export function useRegistryExtras(fieldText: string): (key: OptionKey) => Partial<FieldSpec> {
  const { t } = useTranslation();
  const { values } = useOptions();
  const { status } = useStatus();
  // The tab's own QuotaPerUnit when the role reads it, else the public one.
  const perUnit = Number(values.QuotaPerUnit) > 0 ? Number(values.QuotaPerUnit) : status?.quota_per_unit || DEFAULT_QUOTA_PER_UNIT;
  return useCallback(
    (key: OptionKey) => {
      const def = defOf(key);
      const out: Partial<FieldSpec> = {};
      if (def.choices) out.choices = def.choices.map((value) => ({ value, label: t(`${fieldText}.${key}.choices.${value}`) }));
      if (def.multiline || (def.type === 'list' && def.separator === '\n')) out.rows = 6;
      if (def.unit === 'quota' || def.presets) {
        out.addon = (text, set) => (
          <>
            {def.unit === 'quota' && text.trim() !== '' && Number.isFinite(Number(text)) && (
              <div className="gc-muted gc-option-addon" data-testid={`quota-usd-${key}`}>
                ≈ {formatQuota(Number(text), { quota_per_unit: perUnit, display_in_currency: true })}
              </div>
            )}
            {def.presets && (
              <Space size={4} wrap className="gc-option-addon">
                {def.presets.map((p) => (
                  <Button key={p} size="mini" type={text === String(p) ? 'primary' : 'secondary'} onClick={() => set(String(p))}>
                    {p.toLocaleString()}
                  </Button>
                ))}
              </Space>
            )}
          </>
        );
      }
      return out;
    },
    [fieldText, perUnit, t],
  );
}
