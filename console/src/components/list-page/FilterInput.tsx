// A text filter of a list page, bound to one field of its useListQuery form; Enter searches as the button does.
// Capped at the bar's width so a wide field never makes a narrow (390 px) page scroll sideways.
import { Input, InputNumber } from '@arco-design/web-react';
import type { ListQuery } from './use-list-query';

/** The form fields that hold text. */
type TextField<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

interface Props<F> {
  query: Pick<ListQuery<F>, 'form' | 'set' | 'apply'>;
  field: TextField<F>;
  placeholder: string;
  width: number;
}

export function FilterInput<F extends object>({ query, field, placeholder, width }: Props<F>) {
  return (
    <Input
      allowClear
      value={query.form[field] as string}
      onChange={(v) => query.set(field, v as F[TextField<F>])}
      onPressEnter={query.apply}
      placeholder={placeholder}
      style={{ width, maxWidth: '100%' }}
    />
  );
}

/** The form fields that hold an optional whole number (an id). */
type IdField<F> = { [K in keyof F]: F[K] extends number | undefined ? (undefined extends F[K] ? K : never) : never }[keyof F];

/** An id filter (user, agent, channel): a positive whole number or nothing; Enter searches. */
export function FilterId<F extends object>({ query, field, placeholder, width }: Omit<Props<F>, 'field'> & { field: IdField<F> }) {
  return (
    <InputNumber
      min={1}
      precision={0}
      hideControl
      value={query.form[field] as number | undefined}
      onChange={(v) => query.set(field, (typeof v === 'number' ? v : undefined) as F[IdField<F>])}
      onKeyDown={(e) => (e as KeyboardEvent).key === 'Enter' && query.apply()}
      placeholder={placeholder}
      style={{ width, maxWidth: '100%' }}
    />
  );
}
