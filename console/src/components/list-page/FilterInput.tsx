// A text filter of a list page, bound to one field of its useListQuery form; Enter searches as the button does.
// Capped at the bar's width so a wide field never makes a narrow (390 px) page scroll sideways.
import { Input } from '@arco-design/web-react';
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
