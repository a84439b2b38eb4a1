// /channel (spec 3 "Channel management"): list with paging, search by keyword/group/model, id-sort and tag mode,
// per-row actions, and the bulk actions (test all, balances, delete disabled, batch delete, batch tag, fix).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Input, Modal, Popconfirm, Select, Space, Switch } from '@arco-design/web-react';
import { IconDelete, IconPlus, IconRefresh, IconSearch, IconTags, IconTool } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ChannelStatus } from '@contract/roles';
import type { Channel } from '@contract/channel';
import { OpenEndedPager } from '../../components/OpenEndedPager';
import { useApi } from '../../api/ApiProvider';
import { ApiError } from '../../api/client';
import { useNotify } from '../../api/NotifyProvider';
import { readString, writeString } from '../../api/storage';
import { usePageSize } from '../../hooks/use-page-size';
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
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const [idSort, setIdSort] = useState(() => readString(ID_SORT_KEY) === 'true');
  const [tagMode, setTagMode] = useState(() => readString(TAG_MODE_KEY) === 'true');
  const [channels, setChannels] = useState<Channel[]>([]);
  const [loading, setLoading] = useState(false);
  const [input, setInput] = useState<Search>(NO_SEARCH);
  const [search, setSearch] = useState<Search>(NO_SEARCH);
  const [selected, setSelected] = useState<number[]>([]);
  const [batchTag, setBatchTag] = useState<string | null>(null);
  const [tagRow, setTagRow] = useState<ChannelRow | null>(null);
  const [bulkBusy, setBulkBusy] = useState<string | null>(null);
  const searching = Boolean(search.keyword.trim() || search.group.trim() || search.model.trim());
  const groups = useMemo(() => groupOptions(status?.group_ration), [status?.group_ration]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const data = searching
        ? await api.search({ ...search, id_sort: idSort, tag_mode: tagMode })
        : await api.list({ p: page - 1, page_size: pageSize, id_sort: idSort, tag_mode: tagMode });
      setChannels(data ?? []);
      setSelected([]);
    } catch {
      // the client showed the message
    } finally {
      setLoading(false);
    }
  }, [api, page, pageSize, search, searching, idSort, tagMode]);

  useEffect(() => {
    void load();
  }, [load]);

  const rows = useMemo(() => toRows(channels, tagMode), [channels, tagMode]);
  const patchRow = (id: number, patch: Partial<Channel>) => setChannels((list) => list.map((c) => (c.id === id ? { ...c, ...patch } : c)));

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
        if (rows.length === 1 && page > 1) setPage(page - 1);
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

  const runSearch = () => {
    setPage(1);
    setSearch({ ...input });
  };
  const toggleIdSort = (on: boolean) => {
    writeString(ID_SORT_KEY, String(on));
    setIdSort(on);
  };
  const toggleTagMode = (on: boolean) => {
    writeString(TAG_MODE_KEY, String(on));
    setPage(1);
    setTagMode(on);
  };

  return (
    <Card title={t('channel.title')}>
      <Space wrap className="gc-gap">
        <Input
          allowClear
          value={input.keyword}
          onChange={(keyword) => setInput((s) => ({ ...s, keyword }))}
          onPressEnter={runSearch}
          placeholder={t('channel.searchKeyword')}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          allowCreate
          showSearch
          value={input.group || undefined}
          onChange={(group?: string) => setInput((s) => ({ ...s, group: group ?? '' }))}
          placeholder={t('channel.searchGroup')}
          options={groups}
          style={{ width: 160 }}
        />
        <Input
          allowClear
          value={input.model}
          onChange={(model) => setInput((s) => ({ ...s, model }))}
          onPressEnter={runSearch}
          placeholder={t('channel.searchModel')}
          style={{ width: 200 }}
        />
        <Button type="primary" icon={<IconSearch />} onClick={runSearch}>
          {t('channel.search')}
        </Button>
        <Button icon={<IconRefresh />} onClick={() => void load()}>
          {t('channel.refresh')}
        </Button>
      </Space>
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
      <ChannelTable rows={rows} loading={loading} selected={selected} onSelect={setSelected} {...actions} />
      {!searching && (
        <OpenEndedPager page={page} pageSize={pageSize} rows={rows.length} onPage={setPage} onPageSize={setPageSize} />
      )}
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
