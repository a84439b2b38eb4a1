// One text option's input, chosen by its registry type: secret (write-only: shows whether one is stored), JSON,
// HTML and multi-line text (text areas), number (bounds from the registry), list (comma-separated: tags; one per
// line: a text area), plain string.
import type { ReactNode } from 'react';
import { Form, Input, InputNumber, InputTag, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { OptionKey } from '@contract/options';
import { useNotify } from '../../../api/NotifyProvider';
import { checkField, defOf } from './option-form';
import { useOptions } from './OptionsProvider';

export interface FieldSpec {
  key: OptionKey;
  label: string;
  placeholder?: string;
  help?: ReactNode;
  /** Text areas: visible rows. */
  rows?: number;
  /** Saving the section refuses an empty value. */
  required?: boolean;
  /** Shows a comma-separated string as tags (list options always are). */
  tags?: boolean;
  /** Tag fields: checks one added item; returns an error text to show, or null. */
  checkItem?(item: string): string | null;
  /** Rendered under the input with the current text (e.g. a preview). */
  addon?(text: string, setText: (text: string) => void): ReactNode;
  /** String fields with a fixed set of values: a select instead of free text. */
  choices?: ReadonlyArray<{ value: string; label: string }>;
}

interface Props {
  spec: FieldSpec;
  text: string;
  onChange(text: string): void;
}

const splitList = (text: string): string[] => text.split(',').map((s) => s.trim()).filter(Boolean);

export function OptionField({ spec, text, onChange }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { secrets } = useOptions();
  const def = defOf(spec.key);
  const tags = spec.tags || (def.type === 'list' && def.separator === ',');
  const problem = def.type === 'json' && text.trim() !== '' ? checkField(spec.key, text) : null;
  const common = { id: `option-${spec.key}`, 'aria-label': spec.label };

  let input: ReactNode;
  if (def.secret) {
    input = (
      <Input.Password {...common} value={text} onChange={onChange} placeholder={spec.placeholder ?? t(secrets.has(spec.key) ? 'optionForm.secretStored' : 'optionForm.secretEmpty')} autoComplete="new-password" />
    );
  } else if (def.type === 'json' || def.html || def.multiline || (def.type === 'list' && !tags)) {
    input = (
      <Input.TextArea
        {...common}
        className={def.type === 'json' ? 'gc-option-code' : undefined}
        value={text}
        onChange={onChange}
        placeholder={spec.placeholder}
        autoSize={{ minRows: spec.rows ?? 4, maxRows: 20 }}
        status={problem ? 'error' : undefined}
      />
    );
  } else if (def.type === 'number') {
    input = (
      <InputNumber
        {...common}
        value={text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text)}
        min={def.min}
        max={def.max}
        precision={def.integer ? 0 : undefined}
        placeholder={spec.placeholder}
        onChange={(v) => onChange(typeof v === 'number' && Number.isFinite(v) ? String(v) : '')}
      />
    );
  } else if (tags) {
    input = (
      <InputTag
        {...common}
        allowClear
        saveOnBlur
        value={splitList(text)}
        placeholder={spec.placeholder}
        validate={(item: string) => {
          const error = spec.checkItem?.(item.trim()) ?? null;
          if (error) notify.error(error);
          return error === null;
        }}
        onChange={(items: string[]) => onChange([...new Set(items.map((i) => String(i).trim()).filter(Boolean))].join(','))}
      />
    );
  } else if (spec.choices) {
    input = <Select {...common} value={text} onChange={(v: string) => onChange(v)} options={[...spec.choices]} style={{ maxWidth: 320 }} />;
  } else {
    input = <Input {...common} value={text} onChange={onChange} placeholder={spec.placeholder} allowClear />;
  }

  return (
    <Form.Item
      className={def.type === 'json' || def.type === 'list' || tags || def.html || def.multiline || spec.rows ? 'gc-option-wide' : undefined}
      label={spec.label}
      required={spec.required}
      extra={spec.help}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? t(problem.message, problem.params) : undefined}
    >
      {input}
      {spec.addon?.(text, onChange)}
    </Form.Item>
  );
}
