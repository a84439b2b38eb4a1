// /token (spec 3 "Token management"): own tokens with paging and search, add/edit drawer, enable/disable,
// delete, copy (one or the selected ones) and open the chat page with a token.
import { useCallback, useMemo, useState } from 'react';
import { Button, Card, Input } from '@arco-design/web-react';
import { IconCopy, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { TokenStatus } from '@contract/roles';
import { withKeyPrefix, type TokenView } from '@contract/token';
import { FilterInput, ListFilterBar, ListPager, useListQuery, usePagedList, type Paging } from '../../components/list-page';
import { useApi } from '../../api/ApiProvider';
import { useModalApi, useNotify } from '../../api/NotifyProvider';
import { useStatus } from '../status/StatusProvider';
import { tokenApi } from './token.api';
import { TokenTable } from './TokenTable';
import { TokenEditDrawer } from './TokenEditDrawer';
import { batchCopyText, buildChatLink, copyText } from './token-display';

interface Search {
  keyword: string;
  token: string;
}

export function TokenPage() {
  const { t } = useTranslation();
  const client = useApi();
  const api = useMemo(() => tokenApi(client), [client]);
  const notify = useNotify();
  const modal = useModalApi();
  const { status } = useStatus();
  const search = useListQuery<Search>(() => ({ keyword: '', token: '' }));
  const [selected, setSelected] = useState<TokenView[]>([]);
  const [drawer, setDrawer] = useState<{ visible: boolean; token: TokenView | null }>({ visible: false, token: null });

  const { applied } = search;
  // 0-based `p` and a bare array without a total (reference §0): the pager offers one page past a full one
  const fetchPage = useCallback(
    async ({ page, pageSize }: Paging) => {
      const p = page - 1;
      const searching = applied.keyword.trim() || applied.token.trim();
      return (searching ? await api.search({ ...applied, p, size: pageSize }) : await api.list(p, pageSize)) ?? [];
    },
    [api, applied],
  );
  // a new search starts again from page 1; a new page drops the selection of the old rows
  const list = usePagedList(fetchPage, { query: applied, onLoad: () => setSelected([]) });

  const copy = async (text: string) => {
    if (await copyText(text)) return notify.success(t('token.copied'));
    modal.info?.({
      title: t('token.copyFailedTitle'),
      content: (
        <Input.TextArea
          value={text}
          readOnly
          rows={Math.min(10, text.split('\n').length + 1)}
          style={{ wordBreak: 'break-all', fontFamily: 'monospace' }}
          data-testid="token-copy-fallback"
        />
      ),
    });
  };

  const copySelected = () => {
    if (!selected.length) return notify.error(t('token.selectAtLeastOne'));
    void copy(batchCopyText(selected));
  };

  const openChat = (token: TokenView) => {
    const link = status?.chat_link ?? '';
    if (!link) return notify.error(t('token.noChatLink'));
    const address = status?.server_address || window.location.origin;
    window.open(buildChatLink(link, token.key, address), '_blank', 'noopener');
  };

  const toggle = async (token: TokenView) => {
    const next = token.status === TokenStatus.enabled ? TokenStatus.disabled : TokenStatus.enabled;
    try {
      await api.setStatus(token.id, next);
      notify.success(t(next === TokenStatus.enabled ? 'token.enabledDone' : 'token.disabledDone'));
      await list.reload();
    } catch {
      // the server's reason (expired, exhausted) was shown
    }
  };

  const remove = async (token: TokenView) => {
    try {
      await api.remove(token.id);
      notify.success(t('token.deleted'));
      await list.afterRemove();
    } catch {
      // shown by the client
    }
  };

  return (
    <Card title={t('token.title')}>
      <ListFilterBar
        onSearch={search.apply}
        searchText={t('token.search')}
        actions={
          <>
            <Button type="primary" status="success" icon={<IconPlus />} onClick={() => setDrawer({ visible: true, token: null })}>
              {t('token.add')}
            </Button>
            <Button icon={<IconCopy />} onClick={copySelected}>
              {t('token.batchCopy')}
            </Button>
          </>
        }
      >
        <FilterInput query={search} field="keyword" placeholder={t('token.searchKeyword')} width={220} />
        <FilterInput query={search} field="token" placeholder={t('token.searchToken')} width={260} />
      </ListFilterBar>
      <TokenTable
        rows={list.rows}
        loading={list.loading}
        selected={selected.map((s) => s.id)}
        onSelect={(_, selectedRows) => setSelected(selectedRows)}
        onCopy={(token) => void copy(withKeyPrefix(token.key))}
        onChat={openChat}
        onToggle={(token) => void toggle(token)}
        onEdit={(token) => setDrawer({ visible: true, token })}
        onDelete={remove}
      />
      <ListPager list={list} />
      <TokenEditDrawer
        visible={drawer.visible}
        token={drawer.token}
        api={api}
        onClose={() => setDrawer((d) => ({ ...d, visible: false }))}
        onSaved={() => {
          setDrawer((d) => ({ ...d, visible: false }));
          void list.reload();
        }}
      />
    </Card>
  );
}
