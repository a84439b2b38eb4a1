// The filter fields of both record tabs: order number (orders only), time range, user id (admins; agents when they
// read their sub-users' rows) and the sub-users switch (agents), in the shared list filter bar.
import { Checkbox, DatePicker, Input, InputNumber } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { ListFilterBar } from '../../components/list-page';

export interface ListFilterForm {
  trade_no: string;
  /** Unix seconds; both 0 = no window. */
  start: number;
  end: number;
  user_id?: number;
  /** Agents: their sub-users' rows instead of their own. */
  all_user: boolean;
}

export const emptyFilters = (): ListFilterForm => ({ trade_no: '', start: 0, end: 0, user_id: undefined, all_user: false });

export type Viewer = 'admin' | 'agent' | 'user';

/** The query fields of a filter form (empty ones left out; the user id for admins and agents reading sub-users). */
export function toListQuery(f: ListFilterForm, viewer: Viewer) {
  const subUsers = viewer === 'agent' && f.all_user;
  return {
    trade_no: f.trade_no.trim() || undefined,
    start_timestamp: f.start || undefined,
    end_timestamp: f.end || undefined,
    user_id: (viewer === 'admin' || subUsers) && f.user_id && f.user_id > 0 ? Math.floor(f.user_id) : undefined,
    all_user: subUsers || undefined,
  };
}

interface Props {
  value: ListFilterForm;
  onChange: (next: ListFilterForm) => void;
  onQuery: () => void;
  onReset: () => void;
  tradeNo: boolean;
  viewer: Viewer;
}

export function RecordsFilterBar({ value, onChange, onQuery, onReset, tradeNo, viewer }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<ListFilterForm>) => onChange({ ...value, ...patch });
  return (
    <ListFilterBar onSearch={onQuery} searchText={t('orders.query')} onReset={onReset} resetText={t('orders.reset')}>
      {tradeNo && (
        <Input
          allowClear
          value={value.trade_no}
          onChange={(v) => set({ trade_no: v })}
          onPressEnter={onQuery}
          placeholder={t('orders.filter.tradeNo')}
          style={{ width: 220, maxWidth: '100%' }}
        />
      )}
      <DatePicker.RangePicker
        showTime
        format="YYYY-MM-DD HH:mm:ss"
        value={value.start && value.end ? [value.start * 1000, value.end * 1000] : undefined}
        placeholder={[t('orders.filter.startTime'), t('orders.filter.endTime')]}
        onChange={(_, dates) => set(dates?.length === 2 ? { start: dates[0].unix(), end: dates[1].unix() } : { start: 0, end: 0 })}
        style={{ width: 360, maxWidth: '100%' }}
      />
      {viewer === 'agent' && (
        <Checkbox checked={value.all_user} onChange={(all_user: boolean) => set({ all_user })}>
          {t('orders.filter.subUsers')}
        </Checkbox>
      )}
      {(viewer === 'admin' || (viewer === 'agent' && value.all_user)) && (
        <InputNumber
          min={1}
          precision={0}
          hideControl
          value={value.user_id}
          onChange={(v) => set({ user_id: typeof v === 'number' ? v : undefined })}
          placeholder={t('orders.filter.userId')}
          style={{ width: 120 }}
        />
      )}
    </ListFilterBar>
  );
}
