// /redemption (spec 3 "Redemption code management"; admins): list with 1-based paging and search, add codes and
// see the new keys (copy all, .txt download), edit unused codes, enable/disable, delete with confirmation.
import { useCallback, useMemo, useState } from 'react';
import { Button, Card, Input, Result } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { RedemptionStatus, roleAtLeast } from '@contract/roles';
import type { RedemptionView } from '@contract/redemption';
import { FilterInput, ListFilterBar, ListPager, useListQuery, usePagedList, type Paging } from '../../components/list-page';
import { useApi } from '../../api/ApiProvider';
import { useModalApi, useNotify } from '../../api/NotifyProvider';
import { useUser } from '../auth/UserProvider';
import { copyText } from '../token/token-display';
import { redemptionApi } from './redemption.api';
import { RedemptionTable } from './RedemptionTable';
import { RedemptionEditDrawer } from './RedemptionEditDrawer';
import { CreatedCodesModal } from './CreatedCodesModal';

export function RedemptionPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  if (!roleAtLeast(user?.role ?? 0, 'admin')) return <Result status="403" title={t('redemption.noPermission')} />;
  return <RedemptionManagement />;
}

function RedemptionManagement() {
  const { t } = useTranslation();
  const client = useApi();
  const api = useMemo(() => redemptionApi(client), [client]);
  const notify = useNotify();
  const modal = useModalApi();
  const search = useListQuery(() => ({ keyword: '' }));
  const [drawer, setDrawer] = useState<{ visible: boolean; code: RedemptionView | null }>({ visible: false, code: null });
  const [created, setCreated] = useState<{ name: string; keys: string[] } | null>(null);

  const { keyword } = search.applied;
  const fetchPage = useCallback(({ page, pageSize }: Paging) => api.list({ keyword, p: page, page_size: pageSize }), [api, keyword]);
  // a new search starts again from page 1
  const list = usePagedList(fetchPage, { query: search.applied });

  const copy = async (text: string) => {
    if (await copyText(text)) return notify.success(t('redemption.copied'));
    modal.info?.({
      title: t('redemption.copyFailedTitle'),
      content: (
        <Input.TextArea
          value={text}
          readOnly
          rows={Math.min(10, text.split('\n').length + 1)}
          style={{ wordBreak: 'break-all', fontFamily: 'monospace' }}
          data-testid="redemption-copy-fallback"
        />
      ),
    });
  };

  const toggle = async (row: RedemptionView) => {
    const next = row.status === RedemptionStatus.unused ? RedemptionStatus.disabled : RedemptionStatus.unused;
    try {
      const saved = await api.setStatus(row.id, next);
      notify.success(t(next === RedemptionStatus.unused ? 'redemption.enabledDone' : 'redemption.disabledDone'));
      list.setRows((all) => all.map((r) => (r.id === row.id ? { ...r, ...saved } : r)));
    } catch {
      // the server's reason (used meanwhile) was shown
    }
  };

  const remove = async (row: RedemptionView) => {
    try {
      await api.remove(row.id);
      notify.success(t('redemption.deleted'));
      await list.afterRemove();
    } catch {
      // shown by the client
    }
  };

  return (
    <Card title={t('redemption.title')}>
      <ListFilterBar
        onSearch={search.apply}
        searchText={t('redemption.search')}
        actions={
          <Button type="primary" status="success" icon={<IconPlus />} onClick={() => setDrawer({ visible: true, code: null })}>
            {t('redemption.add')}
          </Button>
        }
      >
        <FilterInput query={search} field="keyword" placeholder={t('redemption.searchKeyword')} width={260} />
      </ListFilterBar>
      <RedemptionTable
        rows={list.rows}
        loading={list.loading}
        onCopy={(row) => void copy(row.key)}
        onToggle={(row) => void toggle(row)}
        onEdit={(row) => setDrawer({ visible: true, code: row })}
        onDelete={remove}
      />
      <ListPager list={list} totalText={(n) => t('redemption.total', { total: n })} />
      <RedemptionEditDrawer
        visible={drawer.visible}
        code={drawer.code}
        api={api}
        onClose={() => setDrawer((d) => ({ ...d, visible: false }))}
        onSaved={(made) => {
          setDrawer((d) => ({ ...d, visible: false }));
          if (made) {
            setCreated(made);
            // new codes come first: show page 1 (the effect reloads when the page changes)
            if (list.page !== 1) return list.setPage(1);
          }
          void list.reload();
        }}
      />
      <CreatedCodesModal created={created} onCopy={(text) => void copy(text)} onClose={() => setCreated(null)} />
    </Card>
  );
}
