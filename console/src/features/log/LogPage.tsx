// /log (spec 3 "Usage log"): filters, the statistics line (quota, RPM, TPM) and the paged list. Admins read every
// user's logs with the channel column and admin-only filters; everyone else reads their own.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, DatePicker, Input, InputNumber, Pagination, Select, Space, Tag, Tooltip } from '@arco-design/web-react';
import { IconQuestionCircle, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '@contract/paging';
import { Role, roleAtLeast } from '@contract/roles';
import type { LogStat } from '@contract/log';
import { useApi } from '../../api/ApiProvider';
import { usePageSize } from '../../hooks/use-page-size';
import { useUser } from '../auth/UserProvider';
import { useStatus } from '../status/StatusProvider';
import { formatQuota } from '../setting/format-quota';
import { logApi } from './log.api';
import { defaultForm, toFilters, type LogForm } from './log-query';
import { typeLabelKey, typeOptions } from './log-format';
import { LogTable, type KeyedLogRow } from './LogTable';

export function LogPage() {
  const { t } = useTranslation();
  const client = useApi();
  const { user } = useUser();
  const { status } = useStatus();
  const role = user?.role ?? Role.user;
  const admin = roleAtLeast(role, 'admin');
  const api = useMemo(() => logApi(client, admin), [client, admin]);
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<LogForm>(() => defaultForm(Date.now()));
  const [applied, setApplied] = useState<LogForm>(form);
  const [rows, setRows] = useState<KeyedLogRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [stat, setStat] = useState<LogStat | null>(null);
  const [statLoading, setStatLoading] = useState(false);
  // only the latest request may fill the table: a slow earlier answer must not overwrite a newer one
  const listSeq = useRef(0);
  const statSeq = useRef(0);

  const filters = useMemo(() => toFilters(applied, admin), [applied, admin]);

  const loadList = useCallback(async () => {
    const seq = ++listSeq.current;
    setLoading(true);
    try {
      const data = await api.list({ p: page, page_size: pageSize, ...filters });
      if (seq !== listSeq.current) return;
      setRows((data?.items ?? []).map((r, i) => ({ ...r, key: `${page}-${i}-${r.id}` })));
      setTotal(data?.total ?? 0);
    } catch {
      // the client showed the message
    } finally {
      if (seq === listSeq.current) setLoading(false);
    }
  }, [api, filters, page, pageSize]);

  const loadStat = useCallback(async () => {
    const seq = ++statSeq.current;
    setStatLoading(true);
    try {
      const data = await api.stat(filters);
      if (seq === statSeq.current) setStat(data);
    } catch {
      if (seq === statSeq.current) setStat(null);
    } finally {
      if (seq === statSeq.current) setStatLoading(false);
    }
  }, [api, filters]);

  useEffect(() => {
    void loadList();
  }, [loadList]);
  useEffect(() => {
    void loadStat();
  }, [loadStat]);

  const query = () => {
    setPage(1);
    setApplied({ ...form }); // a new object: pressing Query again reloads
  };
  const reset = () => {
    const fresh = defaultForm(Date.now());
    setForm(fresh);
    setPage(1);
    setApplied(fresh);
  };
  const set = <K extends keyof LogForm>(key: K, value: LogForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const statValue = (v: number | undefined) => (statLoading || v === undefined ? '-' : v.toLocaleString());

  return (
    <Card title={t('log.title')}>
      <Space wrap className="gc-gap gc-log-filters">
        <Select
          value={form.type}
          onChange={(v: number) => set('type', v)}
          prefix={t('log.filter.type')}
          style={{ width: 170 }}
          data-testid="log-type-filter"
          options={typeOptions(role).map((type) => ({ value: type, label: t(type ? typeLabelKey(type) : 'log.type.0') }))}
        />
        <Input
          allowClear
          value={form.token_name}
          onChange={(v) => set('token_name', v)}
          onPressEnter={query}
          placeholder={t('log.filter.tokenName')}
          style={{ width: 150 }}
        />
        <Input
          allowClear
          value={form.model_name}
          onChange={(v) => set('model_name', v)}
          onPressEnter={query}
          placeholder={t('log.filter.modelName')}
          style={{ width: 210 }}
        />
        <DatePicker.RangePicker
          showTime
          format="YYYY-MM-DD HH:mm:ss"
          allowClear={false}
          value={[form.start * 1000, form.end * 1000]}
          placeholder={[t('log.filter.startTime'), t('log.filter.endTime')]}
          onChange={(_, dates) => {
            if (dates?.length === 2) setForm((f) => ({ ...f, start: dates[0].unix(), end: dates[1].unix() }));
          }}
          style={{ width: 360 }}
        />
        {admin && (
          <>
            <Input
              allowClear
              value={form.username}
              onChange={(v) => set('username', v)}
              onPressEnter={query}
              placeholder={t('log.filter.username')}
              style={{ width: 140 }}
            />
            <InputNumber
              min={1}
              precision={0}
              hideControl
              value={form.user_id}
              onChange={(v) => set('user_id', typeof v === 'number' ? v : undefined)}
              placeholder={t('log.filter.userId')}
              style={{ width: 110 }}
            />
            <InputNumber
              min={1}
              precision={0}
              hideControl
              value={form.channel}
              onChange={(v) => set('channel', typeof v === 'number' ? v : undefined)}
              placeholder={t('log.filter.channel')}
              style={{ width: 110 }}
            />
            <Input
              allowClear
              value={form.group}
              onChange={(v) => set('group', v)}
              onPressEnter={query}
              placeholder={t('log.filter.group')}
              style={{ width: 120 }}
            />
          </>
        )}
        <Button type="primary" icon={<IconSearch />} onClick={query}>
          {t('log.query')}
        </Button>
        <Button icon={<IconRefresh />} onClick={reset}>
          {t('log.reset')}
        </Button>
      </Space>
      <Space wrap size={8} className="gc-gap gc-log-stat" data-testid="log-stat">
        <Tag color="arcoblue" size="large">
          {t('log.stat.quota')}: {statLoading || !stat ? '-' : formatQuota(stat.quota, status)}
        </Tag>
        <Tag color="purple" size="large">
          RPM: {statValue(stat?.rpm)}
        </Tag>
        <Tag color="green" size="large">
          TPM: {statValue(stat?.tpm)}
        </Tag>
        <Tooltip content={t('log.stat.hint')}>
          <IconQuestionCircle className="gc-muted" aria-label={t('log.stat.hint')} />
        </Tooltip>
      </Space>
      <LogTable rows={rows} loading={loading} admin={admin} />
      <Pagination
        style={{ marginTop: 16, justifyContent: 'flex-end' }}
        current={page}
        pageSize={pageSize}
        total={total}
        showTotal={(n) => t('log.total', { total: n })}
        sizeCanChange
        sizeOptions={[...PAGE_SIZE_OPTIONS]}
        onChange={(p, size) => {
          if (size !== pageSize) {
            setPageSize(size);
            setPage(1);
          } else setPage(p);
        }}
      />
    </Card>
  );
}
