// /user (spec 1 "User management"): admins manage every user; agents their own sub-users, with only the actions
// allowed to them. Search by keyword and group, 1-based paging with the remembered page size, the add-user drawer
// (admins) and the edit drawer; /user/edit/{id} opens the page with that user's drawer open.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Result, Select } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { roleAtLeast } from '@contract/roles';
import type { UserManageAction, UserRow } from '@contract/user-admin';
import { FilterInput, ListFilterBar, ListPager, useListQuery, usePagedList, type Paging } from '../../components/list-page';
import { useApi } from '../../api/ApiProvider';
import { useNotify } from '../../api/NotifyProvider';
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
  const [groups, setGroups] = useState<string[]>([]);
  const search = useListQuery<Search>(() => ({ keyword: '', group: '' }));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserRow | null>(null);

  const { applied } = search;
  const fetchPage = useCallback(({ page, pageSize }: Paging) => api.list({ ...applied, p: page, page_size: pageSize }), [api, applied]);
  // a new search starts again from page 1
  const list = usePagedList(fetchPage, { query: applied });

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
      list.setRows((all) => all.map((r) => (r.id === u.id ? { ...r, ...next } : r)));
    } catch {
      // shown by the client
    }
  };

  return (
    <Card title={t(admin ? 'userAdmin.title' : 'userAdmin.agentTitle')}>
      <ListFilterBar
        onSearch={search.apply}
        searchText={t('userAdmin.search')}
        actions={
          admin && (
            <Button type="primary" status="success" icon={<IconPlus />} onClick={() => setAdding(true)}>
              {t('userAdmin.add')}
            </Button>
          )
        }
      >
        <FilterInput query={search} field="keyword" placeholder={t('userAdmin.searchKeyword')} width={320} />
        <Select
          allowClear
          value={search.form.group || undefined}
          options={groups}
          placeholder={t('userAdmin.searchGroup')}
          onChange={(group?: string) => search.set('group', group ?? '')}
          style={{ width: 180 }}
          data-testid="user-group-filter"
        />
      </ListFilterBar>
      <UserTable rows={list.rows} loading={list.loading} viewer={viewer} onManage={manage} onEdit={setEditing} />
      <ListPager list={list} totalText={(n) => t('userAdmin.total', { total: n })} />
      {admin && (
        <UserAddDrawer
          visible={adding}
          api={api}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            list.setPage(1);
            void list.reload();
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
          list.setRows((all) => all.map((r) => (r.id === saved.id ? { ...r, ...saved } : r)));
          closeEdit();
        }}
      />
    </Card>
  );
}
