// One settings section (a card): its switches save at once; its text fields save together with the section's button,
// sending only what changed (spec 2 §4). Keys the role may not edit are left out; a section left empty is not shown.
import { useState, type ReactNode } from 'react';
import { Button, Card, Form, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { OptionKey } from '@contract/options';
import { useNotify } from '../../../api/NotifyProvider';
import { editableKeys, forcedOn as forcedByRule, missingRequirements, planSave, type Draft, type Entry, type OptionValues } from './option-form';
import { OptionField, type FieldSpec } from './OptionField';
import { OptionSwitch } from './OptionSwitch';
import { useOptions } from './OptionsProvider';
import { useSectionDraft } from './use-section-draft';

export interface SwitchSpec {
  key: OptionKey;
  label: string;
  help?: ReactNode;
}

export interface SectionContext {
  draft: Draft;
  values: OptionValues;
}

export interface OptionSectionProps {
  /** data-testid of the card: `section-<id>`; its button is `save-<id>`. */
  id: string;
  title: string;
  description?: ReactNode;
  switches?: readonly SwitchSpec[];
  fields?: readonly FieldSpec[];
  /** Toast after a successful save (default "saved"). */
  success?: string;
  /** A rule across fields, checked before anything is sent; returns an error text. */
  check?(ctx: SectionContext): string | null;
  /** Last changes to the entries before sending. */
  adjust?(entries: Entry[], ctx: SectionContext): Entry[];
  /** More switches locked on, by key (computed from the draft); the registry's `forcedOnBy` applies anyway. */
  forcedOn?(ctx: SectionContext): Partial<Record<OptionKey, boolean>>;
  /** Shown between the description and the inputs, with the current draft. */
  children?(ctx: SectionContext): ReactNode;
}

export function OptionSection(props: OptionSectionProps) {
  const { values, role } = useOptions();
  const switches = (props.switches ?? []).filter((s) => editableKeys([s.key], role, values).length > 0);
  const fields = (props.fields ?? []).filter((f) => editableKeys([f.key], role, values).length > 0);
  if (switches.length === 0 && fields.length === 0) return null;
  return <SectionBody {...props} switches={switches} fields={fields} />;
}

function SectionBody({ id, title, description, switches = [], fields = [], success, check, adjust, forcedOn, children }: OptionSectionProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { values, secrets, save, label: labelOf } = useOptions();
  const keys = fields.map((f) => f.key);
  const { draft, set, markSaved } = useSectionDraft(keys, values);
  const [saving, setSaving] = useState(false);
  const ctx: SectionContext = { draft, values };
  const forced = forcedOn?.(ctx) ?? {};

  const submit = async () => {
    const empty = fields.find((f) => f.required && (draft[f.key] ?? '').trim() === '');
    if (empty) return notify.error(t('optionForm.required', { label: empty.label }));
    const plan = planSave(keys, values, draft);
    if (plan.kind === 'nothing') return notify.warning(t('optionForm.nothingChanged'));
    if (plan.kind === 'invalid') {
      const label = fields.find((f) => f.key === plan.key)?.label ?? plan.key;
      return notify.error(`${label}: ${t(plan.problem.message, plan.problem.params)}`);
    }
    const pending: Draft = Object.fromEntries(plan.entries);
    const missing = [...new Set(plan.entries.flatMap(([k, v]) => missingRequirements(k, v, values, secrets, pending)))];
    if (missing.length > 0) {
      const names = missing.map((k) => fields.find((f) => f.key === k)?.label ?? labelOf(k));
      return notify.error(t('optionForm.requires', { missing: names.join(t('optionForm.listSeparator')) }));
    }
    const refused = check?.(ctx);
    if (refused) return notify.error(refused);
    const entries = adjust ? adjust(plan.entries, ctx) : plan.entries;
    setSaving(true);
    try {
      await save(entries, { success, onAccepted: markSaved });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="gc-option-section" title={title} data-testid={`section-${id}`}>
      {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
      {children?.(ctx)}
      {switches.length > 0 && (
        <div className="gc-option-switches">
          {switches.map((s) => (
            <OptionSwitch key={s.key} optionKey={s.key} label={s.label} help={s.help} forcedOn={forced[s.key] || forcedByRule(s.key, values, draft)} />
          ))}
        </div>
      )}
      {fields.length > 0 && (
        <Form layout="vertical" className="gc-option-fields" onSubmit={() => void submit()}>
          {fields.map((f) => (
            <OptionField key={f.key} spec={f} text={draft[f.key] ?? ''} onChange={(text) => set(f.key, text)} />
          ))}
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid={`save-${id}`}>
            {t('optionForm.saveSection', { title })}
          </Button>
        </Form>
      )}
    </Card>
  );
}
