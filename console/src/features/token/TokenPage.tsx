// /token (spec 3 "Token management"): own tokens with paging and search, add/edit drawer, enable/disable,
// delete, copy (one or the selected ones) and open the chat page with a token.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Input, Space } from '@arco-design/web-react';
import { IconCopy, IconPlus, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { TokenStatus } from '@contract/roles';
import { withKeyPrefix, type TokenView } from '@contract/token';
import { OpenEndedPager } from '../../components/OpenEndedPager';
import { useApi } from '../../api/ApiProvider';
import { useModalApi, useNotify } from '../../api/NotifyProvider';
import { usePageSize } from '../../hooks/use-page-size';
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
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<TokenView[]>([]);
  const [loading, setLoading] = useState(false);
  const [input, setInput] = useState<Search>({ keyword: '', token: '' });
  const [search, setSearch] = useState<Search>({ keyword: '', token: '' });
  const [selected, setSelected] = useState<TokenView[]>([]);
  const [drawer, setDrawer] = useState<{ visible: boolean; token: TokenView | null }>({ visible: false, token: null });

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const p = page - 1;
      const searching = search.keyword.trim() || search.token.trim();
      const data = searching ? await api.search({ ...search, p, size: pageSize }) : await api.list(p, pageSize);
      setRows(data ?? []);
      setSelected([]);
    } catch {
      // the client showed the message
    } finally {
      setLoading(false);
    }
  }, [api, page, pageSize, search]);

  useEffect(() => {
    void load();
  }, [load]);

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
      await load();
    } catch {
      // the server's reason (expired, exhausted) was shown
    }
  };

  const remove = async (token: TokenView) => {
    try {
      await api.remove(token.id);
      notify.success(t('token.deleted'));
      // the last row of a later page: step back a page
      if (rows.length === 1 && page > 1) setPage(page - 1);
      else await load();
    } catch {
      // shown by the client
    }
  };

  const runSearch = () => {
    setPage(1);
    setSearch({ ...input });
  };

  return (
    <Card title={t('token.title')}>
      <Space wrap className="gc-gap">
        <Input
          allowClear
          value={input.keyword}
          onChange={(keyword) => setInput((s) => ({ ...s, keyword }))}
          onPressEnter={runSearch}
          placeholder={t('token.searchKeyword')}
          style={{ width: 220 }}
        />
        <Input
          allowClear
          value={input.token}
          onChange={(token) => setInput((s) => ({ ...s, token }))}
          onPressEnter={runSearch}
          placeholder={t('token.searchToken')}
          style={{ width: 260 }}
        />
        <Button type="primary" icon={<IconSearch />} onClick={runSearch}>
          {t('token.search')}
        </Button>
        <Button type="primary" status="success" icon={<IconPlus />} onClick={() => setDrawer({ visible: true, token: null })}>
          {t('token.add')}
        </Button>
        <Button icon={<IconCopy />} onClick={copySelected}>
          {t('token.batchCopy')}
        </Button>
      </Space>
      <TokenTable
        rows={rows}
        loading={loading}
        selected={selected.map((s) => s.id)}
        onSelect={(_, selectedRows) => setSelected(selectedRows)}
        onCopy={(token) => void copy(withKeyPrefix(token.key))}
        onChat={openChat}
        onToggle={(token) => void toggle(token)}
        onEdit={(token) => setDrawer({ visible: true, token })}
        onDelete={remove}
      />
      <OpenEndedPager page={page} pageSize={pageSize} rows={rows.length} onPage={setPage} onPageSize={setPageSize} />
      <TokenEditDrawer
        visible={drawer.visible}
        token={drawer.token}
        api={api}
        onClose={() => setDrawer((d) => ({ ...d, visible: false }))}
        onSaved={() => {
          setDrawer((d) => ({ ...d, visible: false }));
          void load();
        }}
      />
    </Card>
  );
}
