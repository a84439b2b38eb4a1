// /channel (spec 3 "Channel management"): list with paging, search by keyword/group/model, id-sort and tag mode,
// per-row actions, and the bulk actions (test all, balances, delete disabled, batch delete, batch tag, fix).
import { useCallback, useMemo, useState } from 'react';
import { Button, Card, Input, Modal, Popconfirm, Select, Space, Switch } from '@arco-design/web-react';
import { IconDelete, IconPlus, IconRefresh, IconTags, IconTool } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ChannelStatus } from '@contract/roles';
import type { Channel } from '@contract/channel';
import { FilterInput, ListFilterBar, ListPager, openEndedTotal, pageAfterRemove, useListQuery, usePagedList, type Paging } from '../../components/list-page';
import { useApi } from '../../api/ApiProvider';
import { ApiError } from '../../api/client';
import { useNotify } from '../../api/NotifyProvider';
import { readString, writeString } from '../../api/storage';
import { useStatus } from '../status/StatusProvider';
import { channelApi } from './channel.api';
import { ChannelTable } from './ChannelTable';
import { ChannelTagDialog } from './ChannelTagDialog';
import { formatBalance, formatDuration, groupOptions, toRows, type ChannelRow } from './channel-format';

const ID_SORT_KEY = 'channel-id-sort';
const TAG_MODE_KEY = 'channel-tag-mode';

interface Search {
  keyword: string;
  group: string;
  model: string;
}
const NO_SEARCH: Search = { keyword: '', group: '', model: '' };

export function ChannelPage() {
  const { t } = useTranslation();
  const client = useApi();
  const api = useMemo(() => channelApi(client), [client]);
  const notify = useNotify();
  const navigate = useNavigate();
  const { status } = useStatus();
  const [idSort, setIdSort] = useState(() => readString(ID_SORT_KEY) === 'true');
  const [tagMode, setTagMode] = useState(() => readString(TAG_MODE_KEY) === 'true');
  const search = useListQuery<Search>(() => NO_SEARCH);
  const { applied } = search;
  const [selected, setSelected] = useState<number[]>([]);
  const [batchTag, setBatchTag] = useState<string | null>(null);
  const [tagRow, setTagRow] = useState<ChannelRow | null>(null);
  const [bulkBusy, setBulkBusy] = useState<string | null>(null);
  const searching = Boolean(applied.keyword.trim() || applied.group.trim() || applied.model.trim());
  const groups = useMemo(() => groupOptions(status?.group_ration), [status?.group_ration]);

  // 0-based `p` and a bare array without a total (reference §0); a search answers every match at once, unpaged
  const fetchPage = useCallback(
    async ({ page, pageSize }: Paging) =>
      (searching
        ? await api.search({ ...applied, id_sort: idSort, tag_mode: tagMode })
        : await api.list({ p: page - 1, page_size: pageSize, id_sort: idSort, tag_mode: tagMode })) ?? [],
    [api, applied, searching, idSort, tagMode],
  );
  // a new search starts again from page 1; a new page drops the selection of the old rows
  const list = usePagedList(fetchPage, { query: applied, onLoad: () => setSelected([]) });
  const load = list.reload;

  const rows = useMemo(() => toRows(list.rows, tagMode), [list.rows, tagMode]);
  const patchRow = (id: number, patch: Partial<Channel>) => list.setRows((all) => all.map((c) => (c.id === id ? { ...c, ...patch } : c)));

  const bulk = async (name: string, fn: () => Promise<void>) => {
    setBulkBusy(name);
    try {
      await fn();
    } catch {
      // shown by the client
    } finally {
      setBulkBusy(null);
    }
  };

  const actions = {
    async onTest(row: ChannelRow, model?: string) {
      try {
        const r = await api.test(row.id, model);
        patchRow(row.id, { response_time: Math.round(r.time * 1000), test_time: Math.floor(Date.now() / 1000) });
        notify.success(t('channel.msg.testOk', { name: row.name, model: r.model, time: formatDuration(r.time * 1000) }));
      } catch (e) {
        notify.error(e instanceof ApiError ? e.message : String(e));
        void load(); // the failed test's time was stored too
      }
    },
    async onBalance(row: ChannelRow) {
      try {
        const r = await api.updateBalance(row.id);
        patchRow(row.id, { balance: r.balance, balance_updated_time: r.balance_updated_time });
        notify.success(t('channel.msg.balanceOk', { name: row.name, balance: formatBalance(row.type, r.balance) }));
      } catch {
        // shown by the client
      }
    },
    async onToggle(row: ChannelRow, enabled: boolean) {
      try {
        const saved = await api.update({ id: row.id, status: enabled ? ChannelStatus.enabled : ChannelStatus.disabled });
        patchRow(row.id, saved);
        notify.success(t(enabled ? 'channel.msg.enabled' : 'channel.msg.disabled'));
      } catch {
        // shown by the client
      }
    },
    async onPriority(row: ChannelRow, priority: number) {
      if (row.tagRow) await api.editTag({ tag: row.tagRow.tag, priority });
      else patchRow(row.id, await api.update({ id: row.id, priority }));
      notify.success(t('channel.msg.saved'));
      if (row.tagRow) await load();
    },
    async onWeight(row: ChannelRow, weight: number) {
      if (row.tagRow) await api.editTag({ tag: row.tagRow.tag, weight });
      else patchRow(row.id, await api.update({ id: row.id, weight }));
      notify.success(t('channel.msg.saved'));
      if (row.tagRow) await load();
    },
    onEdit: (row: ChannelRow) => navigate(`/channel/edit/${row.id}`),
    async onDelete(row: ChannelRow) {
      try {
        await api.remove(row.id);
        notify.success(t('channel.msg.deleted'));
        // counted in shown rows (tags folded), as the page was
        const next = pageAfterRemove(list.page, rows.length);
        if (next !== list.page) list.setPage(next);
        else await load();
      } catch {
        // shown by the client
      }
    },
    async onTagStatus(tag: string, enabled: boolean) {
      try {
        const n = await api.setTagStatus(tag, enabled);
        notify.success(t(enabled ? 'channel.msg.tagEnabled' : 'channel.msg.tagDisabled', { count: n, tag }));
        await load();
      } catch {
        // shown by the client
      }
    },
    onEditTag: (row: ChannelRow) => setTagRow(row),
  };

  const testAll = () =>
    bulk('testAll', async () => {
      await api.testAll();
      notify.info(t('channel.msg.testAllStarted'));
    });
  const updateAllBalances = () =>
    bulk('balances', async () => {
      const r = await api.updateAllBalances();
      notify.success(t('channel.msg.balanceAll', { ...r }));
      await load();
    });
  const deleteDisabled = () =>
    bulk('deleteDisabled', async () => {
      const n = await api.removeDisabled();
      notify.success(t('channel.msg.deletedCount', { count: n }));
      await load();
    });
  const batchDelete = () =>
    bulk('batchDelete', async () => {
      const n = await api.removeMany(selected);
      notify.success(t('channel.msg.deletedCount', { count: n }));
      await load();
    });
  const fix = () =>
    bulk('fix', async () => {
      const n = await api.fix();
      notify.success(t('channel.msg.fixed', { count: n }));
      await load();
    });
  const openBatchTag = () => {
    if (!selected.length) return notify.error(t('channel.msg.selectFirst'));
    setBatchTag('');
  };
  const saveBatchTag = async () => {
    const tag = (batchTag ?? '').trim();
    if (!tag) return notify.error(t('channel.msg.tagRequired'));
    await bulk('batchTag', async () => {
      const n = await api.setTag(selected, tag);
      notify.success(t('channel.msg.tagSet', { count: n, tag }));
      setBatchTag(null);
      await load();
    });
  };

  const toggleIdSort = (on: boolean) => {
    writeString(ID_SORT_KEY, String(on));
    setIdSort(on);
  };
  const toggleTagMode = (on: boolean) => {
    writeString(TAG_MODE_KEY, String(on));
    list.setPage(1);
    setTagMode(on);
  };

  return (
    <Card title={t('channel.title')}>
      <ListFilterBar
        onSearch={search.apply}
        searchText={t('channel.search')}
        actions={
          <Button icon={<IconRefresh />} onClick={() => void load()}>
            {t('channel.refresh')}
          </Button>
        }
      >
        <FilterInput query={search} field="keyword" placeholder={t('channel.searchKeyword')} width={240} />
        <Select
          allowClear
          allowCreate
          showSearch
          value={search.form.group || undefined}
          onChange={(group?: string) => search.set('group', group ?? '')}
          placeholder={t('channel.searchGroup')}
          options={groups}
          style={{ width: 160 }}
        />
        <FilterInput query={search} field="model" placeholder={t('channel.searchModel')} width={200} />
      </ListFilterBar>
      <div className="gc-toolbar gc-gap">
        <Space wrap>
          <Button type="primary" status="success" icon={<IconPlus />} onClick={() => navigate('/channel/add')}>
            {t('channel.add')}
          </Button>
          <Button loading={bulkBusy === 'testAll'} onClick={() => void testAll()}>
            {t('channel.testAll')}
          </Button>
          <Button loading={bulkBusy === 'balances'} onClick={() => void updateAllBalances()}>
            {t('channel.updateAllBalances')}
          </Button>
          <Popconfirm title={t('channel.deleteDisabledConfirm')} onOk={() => deleteDisabled()} okButtonProps={{ status: 'danger' }}>
            <Button status="danger" loading={bulkBusy === 'deleteDisabled'}>
              {t('channel.deleteDisabled')}
            </Button>
          </Popconfirm>
          {selected.length ? (
            <Popconfirm title={t('channel.batchDeleteConfirm', { count: selected.length })} onOk={() => batchDelete()} okButtonProps={{ status: 'danger' }}>
              <Button status="danger" icon={<IconDelete />} loading={bulkBusy === 'batchDelete'}>
                {t('channel.batchDelete')}
              </Button>
            </Popconfirm>
          ) : (
            <Button status="danger" icon={<IconDelete />} onClick={() => notify.error(t('channel.msg.selectToDelete'))}>
              {t('channel.batchDelete')}
            </Button>
          )}
          <Button icon={<IconTags />} onClick={openBatchTag}>
            {t('channel.batchSetTag')}
          </Button>
          <Popconfirm title={t('channel.fixConfirm')} onOk={() => fix()}>
            <Button icon={<IconTool />} loading={bulkBusy === 'fix'}>
              {t('channel.fix')}
            </Button>
          </Popconfirm>
        </Space>
        <Space>
          <label className="gc-switch-label">
            <Switch size="small" checked={idSort} onChange={toggleIdSort} /> {t('channel.idSort')}
          </label>
          <label className="gc-switch-label">
            <Switch size="small" checked={tagMode} onChange={toggleTagMode} /> {t('channel.tagMode')}
          </label>
        </Space>
      </div>
      <ChannelTable rows={rows} loading={list.loading} selected={selected} onSelect={setSelected} {...actions} />
      {/* a search answers every match at once: nothing to page. Tag mode pages over entries (a tag with all its
          channels counts once), so whether another page may follow is judged by the shown rows, not the channels. */}
      {!searching && <ListPager list={{ ...list, total: openEndedTotal(list.page, list.pageSize, rows.length) }} />}
      <Modal
        visible={batchTag !== null}
        title={t('channel.batchTagTitle', { count: selected.length })}
        onOk={() => void saveBatchTag()}
        onCancel={() => setBatchTag(null)}
        confirmLoading={bulkBusy === 'batchTag'}
        okText={t('channel.form.submit')}
        cancelText={t('channel.form.cancel')}
      >
        <Input value={batchTag ?? ''} onChange={setBatchTag} placeholder={t('channel.batchTagPlaceholder')} onPressEnter={() => void saveBatchTag()} />
      </Modal>
      <ChannelTagDialog row={tagRow} groupOptions={groups} api={api} onClose={() => setTagRow(null)} onSaved={() => {
        setTagRow(null);
        void load();
      }} />
    </Card>
  );
}
