// Username, password or its confirmation: one masked or plain text field per step.
import React from 'react';
import type { Lang } from '../../../../daemon/i18n/lang.js';
import { SETUP_PASSWORD_MIN } from '../../../../daemon/contract/setup.js';
import { cliText } from '../../../i18n.js';
import { TextField } from '../../../ui/TextField.js';
import type { FieldStep } from '../wizard-state.js';

export interface AccountStepProps {
  step: FieldStep;
  value: string;
  lang: Lang;
  error?: string;
  onChange(value: string): void;
  onSubmit(): void;
  onBack(): void;
}

export function AccountStep({ step, value, lang, error, onChange, onSubmit, onBack }: AccountStepProps) {
  const label =
    step === 'username'
      ? cliText(lang, 'setup.username')
      : step === 'password'
        ? cliText(lang, 'setup.password', { min: SETUP_PASSWORD_MIN })
        : cliText(lang, 'setup.confirm_password');
  return (
    <TextField
      key={step}
      label={label}
      value={value}
      mask={step === 'username' ? undefined : '*'}
      error={error}
      hint={cliText(lang, 'setup.input_hint')}
      onChange={onChange}
      onSubmit={onSubmit}
      onBack={onBack}
    />
  );
}
