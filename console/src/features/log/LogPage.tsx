// /log (spec 3 "Usage log"): filters, the statistics line (quota, RPM, TPM) and the paged list. Admins read every
// user's logs with the channel column and admin-only filters; agents their own or, with the sub-users switch, their
// sub-users' (with username and user id filters, never channels); everyone else reads their own.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Card, Checkbox, DatePicker, Select, Space, Tag, Tooltip } from '@arco-design/web-react';
import { IconQuestionCircle } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { Role, roleAtLeast } from '@contract/roles';
import type { LogStat } from '@contract/log';
import { FilterId, FilterInput, ListFilterBar, ListPager, useListQuery, usePagedList, type Paging } from '../../components/list-page';
import { useApi } from '../../api/ApiProvider';
import { useUser } from '../auth/UserProvider';
import { useStatus } from '../status/StatusProvider';
import { formatQuota } from '../setting/format-quota';
import { logApi } from './log.api';
import { defaultForm, toFilters, type LogForm, type LogViewer } from './log-query';
import { typeLabelKey, typeOptions } from './log-format';
import { LogTable } from './LogTable';

export function LogPage() {
  const { t } = useTranslation();
  const client = useApi();
  const { user } = useUser();
  const { status } = useStatus();
  const role = user?.role ?? Role.user;
  const admin = roleAtLeast(role, 'admin');
  const viewer: LogViewer = admin ? 'admin' : roleAtLeast(role, 'agent') ? 'agent' : 'user';
  const api = useMemo(() => logApi(client, viewer), [client, viewer]);
  // the default time window is "until now", so a fresh form (first render, Reset) reads the clock
  const search = useListQuery<LogForm>(() => defaultForm(Date.now()));
  const { form, set, apply } = search;
  const [stat, setStat] = useState<LogStat | null>(null);
  const [statLoading, setStatLoading] = useState(false);
  // only the latest request may fill the statistics: a slow earlier answer must not overwrite a newer one
  const statSeq = useRef(0);

  const filters = useMemo(() => toFilters(search.applied, viewer), [search.applied, viewer]);
  // the user column and filters matter where rows are other people's: an admin's list, an agent's sub-users'
  const userFilters = admin || (viewer === 'agent' && form.all_users);
  const showUser = admin || filters.all_users === true;

  const fetchPage = useCallback(
    async ({ page, pageSize }: Paging) => {
      const data = await api.list({ p: page, page_size: pageSize, ...filters });
      // user views carry ids modulo 1024, which may repeat within a page: each row gets a key of its own
      return { items: (data?.items ?? []).map((r, i) => ({ ...r, key: `${page}-${i}-${r.id}` })), total: data?.total ?? 0 };
    },
    [api, filters],
  );
  // Query and Reset apply a new filter object (even when unchanged, so Query reloads), which starts from page 1
  const list = usePagedList(fetchPage, { query: filters });

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
    void loadStat();
  }, [loadStat]);

  const statValue = (v: number | undefined) => (statLoading || v === undefined ? '-' : v.toLocaleString());

  return (
    <Card title={t('log.title')}>
      <ListFilterBar className="gc-log-filters" onSearch={apply} searchText={t('log.query')} onReset={search.reset} resetText={t('log.reset')}>
        <Select
          value={form.type}
          onChange={(v: number) => set('type', v)}
          prefix={t('log.filter.type')}
          style={{ width: 170 }}
          data-testid="log-type-filter"
          options={typeOptions(role).map((type) => ({ value: type, label: t(type ? typeLabelKey(type) : 'log.type.0') }))}
        />
        <FilterInput query={search} field="token_name" placeholder={t('log.filter.tokenName')} width={150} />
        <FilterInput query={search} field="model_name" placeholder={t('log.filter.modelName')} width={210} />
        <DatePicker.RangePicker
          showTime
          format="YYYY-MM-DD HH:mm:ss"
          allowClear={false}
          value={[form.start * 1000, form.end * 1000]}
          placeholder={[t('log.filter.startTime'), t('log.filter.endTime')]}
          onChange={(_, dates) => {
            if (dates?.length === 2) search.setForm((f) => ({ ...f, start: dates[0].unix(), end: dates[1].unix() }));
          }}
          style={{ width: 360 }}
        />
        {viewer === 'agent' && (
          <Checkbox checked={form.all_users} onChange={(v: boolean) => set('all_users', v)} data-testid="log-all-users">
            {t('log.filter.allUsers')}
          </Checkbox>
        )}
        {userFilters && (
          <>
            <FilterInput query={search} field="username" placeholder={t('log.filter.username')} width={140} />
            <FilterId query={search} field="user_id" placeholder={t('log.filter.userId')} width={110} />
          </>
        )}
        {admin && (
          <FilterId query={search} field="channel" placeholder={t('log.filter.channel')} width={110} />
        )}
        {viewer !== 'user' && <FilterInput query={search} field="group" placeholder={t('log.filter.group')} width={120} />}
      </ListFilterBar>
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
      <LogTable rows={list.rows} loading={list.loading} admin={admin} showUser={showUser} />
      <ListPager list={list} totalText={(n) => t('log.total', { total: n })} />
    </Card>
  );
}
