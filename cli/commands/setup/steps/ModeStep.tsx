// Usage mode: external (default), self or demo, each with its one-line explanation.
import React from 'react';
import type { UsageMode } from '../../../../daemon/contract/setup.js';
import type { Lang } from '../../../../daemon/i18n/lang.js';
import { cliText, type CliKey } from '../../../i18n.js';
import { SelectList } from '../../../ui/SelectList.js';
import { USAGE_MODES } from '../wizard-state.js';

export interface ModeStepProps {
  value: UsageMode;
  lang: Lang;
  error?: string;
  onSelect(mode: UsageMode): void;
  onBack(): void;
}

export const modeLabel = (lang: Lang, mode: UsageMode): string => cliText(lang, `setup.mode.${mode}` as CliKey);

export function ModeStep({ value, lang, error, onSelect, onBack }: ModeStepProps) {
  const choices = USAGE_MODES.map((mode) => ({
    value: mode,
    label: modeLabel(lang, mode),
    help: cliText(lang, `setup.mode.${mode}_help` as CliKey),
  }));
  return (
    <SelectList
      label={cliText(lang, 'setup.mode')}
      choices={choices}
      initial={value}
      error={error}
      hint={cliText(lang, 'setup.select_hint')}
      onSelect={onSelect}
      onBack={onBack}
    />
  );
}
