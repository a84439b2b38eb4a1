// Adds one model to the price table: billed per call (a fixed price) or per token (ratios), never both (spec 2 §4).
import { useEffect, useState } from 'react';
import { Form, Input, Modal, Radio } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { isNumberText, isNumberValue, type PriceRow } from './price-rows';

type Mode = 'perToken' | 'perCall';

interface Props {
  visible: boolean;
  onCancel(): void;
  /** Returns an error text (e.g. the name exists), or null once the row was added. */
  onAdd(row: PriceRow): string | null;
}

const EMPTY: PriceRow = { name: '', price: '', ratio: '', completionRatio: '', cacheRatio: '' };

/** The row the form describes, or the i18n key of what is wrong with it. */
export function rowFromForm(mode: Mode, form: PriceRow): PriceRow | { error: string } {
  if (!form.name.trim()) return { error: 'settingOperation.ratio.nameRequired' };
  const fields = mode === 'perCall' ? (['price'] as const) : (['ratio', 'completionRatio', 'cacheRatio'] as const);
  const main = mode === 'perCall' ? form.price : form.ratio;
  if (main.trim() === '' || fields.some((f) => !isNumberValue(form[f].trim()))) return { error: 'settingOperation.ratio.notNumber' };
  if (mode === 'perCall') return { ...EMPTY, name: form.name.trim(), price: form.price.trim() };
  return { ...EMPTY, name: form.name.trim(), ratio: form.ratio.trim(), completionRatio: form.completionRatio.trim(), cacheRatio: form.cacheRatio.trim() };
}

export function AddModelModal({ visible, onCancel, onAdd }: Props) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('perToken');
  const [form, setForm] = useState<PriceRow>(EMPTY);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!visible) return;
    setMode('perToken');
    setForm(EMPTY);
    setError(null);
  }, [visible]);

  const set = (field: keyof PriceRow) => (value: string) => {
    if (field !== 'name' && !isNumberText(value)) return setError(t('settingOperation.ratio.notNumber'));
    setError(null);
    setForm((f) => ({ ...f, [field]: value }));
  };

  const ok = () => {
    const row = rowFromForm(mode, form);
    if ('error' in row) return setError(t(row.error));
    setError(onAdd(row));
  };

  const number = (field: 'price' | 'ratio' | 'completionRatio' | 'cacheRatio', label: string, extra?: string) => (
    <Form.Item label={label} extra={extra}>
      <Input value={form[field]} onChange={set(field)} aria-label={label} />
    </Form.Item>
  );

  return (
    <Modal title={t('settingOperation.ratio.addTitle')} visible={visible} onOk={ok} onCancel={onCancel} unmountOnExit>
      <Form layout="vertical" data-testid="add-model-form">
        <Form.Item label={t('settingOperation.ratio.col.name')} required>
          <Input value={form.name} onChange={set('name')} placeholder="my-model" aria-label={t('settingOperation.ratio.col.name')} />
        </Form.Item>
        <Form.Item label={t('settingOperation.ratio.mode')}>
          <Radio.Group type="button" value={mode} onChange={(m: Mode) => setMode(m)}>
            <Radio value="perToken">{t('settingOperation.ratio.perToken')}</Radio>
            <Radio value="perCall">{t('settingOperation.ratio.perCallMode')}</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === 'perCall' ? (
          number('price', t('settingOperation.ratio.col.price'), t('settingOperation.ratio.priceHelp'))
        ) : (
          <>
            {number('ratio', t('settingOperation.ratio.col.ratio'), t('settingOperation.ratio.ratioHelp'))}
            {number('completionRatio', t('settingOperation.ratio.col.completionRatio'))}
            {number('cacheRatio', t('settingOperation.ratio.col.cacheRatio'))}
          </>
        )}
        {error && <div className="gc-form-error" role="alert">{error}</div>}
      </Form>
    </Modal>
  );
}
