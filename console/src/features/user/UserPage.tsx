// /user (spec 1 "User management"): admins manage every user; agents their own sub-users, with only the actions
// allowed to them. Search by keyword and group, 1-based paging with the remembered page size, the add-user drawer
// (admins) and the edit drawer; /user/edit/{id} opens the page with that user's drawer open.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Input, Pagination, Result, Select, Space } from '@arco-design/web-react';
import { IconPlus, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { PAGE_SIZE_OPTIONS } from '@contract/paging';
import { roleAtLeast } from '@contract/roles';
import type { UserManageAction, UserRow } from '@contract/user-admin';
import { useApi } from '../../api/ApiProvider';
import { useNotify } from '../../api/NotifyProvider';
import { usePageSize } from '../../hooks/use-page-size';
import { useUser } from '../auth/UserProvider';
import { userApi } from './user.api';
import { UserTable } from './UserTable';
import { UserAddDrawer } from './UserAddDrawer';
import { UserEditDrawer } from './UserEditDrawer';

interface Search {
  keyword: string;
  group: string;
}

export function UserPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  const role = user?.role ?? 0;
  if (!roleAtLeast(role, 'agent')) return <Result status="403" title={t('userAdmin.noPermission')} />;
  return <UserManagement viewer={{ id: user!.id, role }} />;
}

function UserManagement({ viewer }: { viewer: { id: number; role: number } }) {
  const { t } = useTranslation();
  const client = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const { id: editId } = useParams();
  const admin = roleAtLeast(viewer.role, 'admin');
  const api = useMemo(() => userApi(client, admin), [client, admin]);
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<UserRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [groups, setGroups] = useState<string[]>([]);
  const [input, setInput] = useState<Search>({ keyword: '', group: '' });
  const [search, setSearch] = useState<Search>({ keyword: '', group: '' });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserRow | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const data = await api.list({ ...search, p: page, page_size: pageSize });
      setRows(data?.items ?? []);
      setTotal(data?.total ?? 0);
    } catch {
      // the client showed the message
    } finally {
      setLoading(false);
    }
  }, [api, page, pageSize, search]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    let alive = true;
    api.groups().then((g) => alive && Array.isArray(g) && setGroups(g), () => undefined);
    return () => {
      alive = false;
    };
  }, [api]);

  // A deep link /user/edit/{id} opens that user's drawer.
  useEffect(() => {
    const id = Number(editId);
    if (!editId || !Number.isInteger(id) || id < 1) return;
    let alive = true;
    api.get(id).then((u) => alive && setEditing(u), () => navigate('/user', { replace: true }));
    return () => {
      alive = false;
    };
  }, [api, editId, navigate]);

  const closeEdit = () => {
    setEditing(null);
    if (editId) navigate('/user', { replace: true });
  };

  const manage = async (u: UserRow, action: UserManageAction) => {
    try {
      const next = await api.manage(u.username, action);
      notify.success(t('userAdmin.done'));
      // The row's status and role (and deactivation) come from the answer (spec 1 §4).
      setRows((list) => list.map((r) => (r.id === u.id ? { ...r, ...next } : r)));
    } catch {
      // shown by the client
    }
  };

  const runSearch = () => {
    setPage(1);
    setSearch({ ...input });
  };

  return (
    <Card title={t(admin ? 'userAdmin.title' : 'userAdmin.agentTitle')}>
      <Space wrap className="gc-gap">
        <Input
          allowClear
          value={input.keyword}
          onChange={(keyword) => setInput((s) => ({ ...s, keyword }))}
          onPressEnter={runSearch}
          placeholder={t('userAdmin.searchKeyword')}
          style={{ width: 320 }}
        />
        <Select
          allowClear
          value={input.group || undefined}
          options={groups}
          placeholder={t('userAdmin.searchGroup')}
          onChange={(group?: string) => setInput((s) => ({ ...s, group: group ?? '' }))}
          style={{ width: 180 }}
          data-testid="user-group-filter"
        />
        <Button type="primary" icon={<IconSearch />} onClick={runSearch}>
          {t('userAdmin.search')}
        </Button>
        {admin && (
          <Button type="primary" status="success" icon={<IconPlus />} onClick={() => setAdding(true)}>
            {t('userAdmin.add')}
          </Button>
        )}
      </Space>
      <UserTable rows={rows} loading={loading} viewer={viewer} onManage={manage} onEdit={setEditing} />
      <Pagination
        style={{ marginTop: 16, justifyContent: 'flex-end' }}
        current={page}
        pageSize={pageSize}
        total={total}
        showTotal={(n) => t('userAdmin.total', { total: n })}
        sizeCanChange
        sizeOptions={[...PAGE_SIZE_OPTIONS]}
        onChange={(p, size) => {
          if (size !== pageSize) {
            setPageSize(size);
            setPage(1);
          } else setPage(p);
        }}
      />
      {admin && (
        <UserAddDrawer
          visible={adding}
          api={api}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            setPage(1);
            void load();
          }}
        />
      )}
      <UserEditDrawer
        user={editing}
        admin={admin}
        api={api}
        groups={groups}
        onClose={closeEdit}
        onSaved={(saved) => {
          setRows((list) => list.map((r) => (r.id === saved.id ? { ...r, ...saved } : r)));
          closeEdit();
        }}
      />
    </Card>
  );
}
