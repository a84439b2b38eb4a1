// The user list (spec 1 "User management"): one row per user with its statistics, role, status and the actions the
// viewer may take, each behind a confirmation. The agent-id column is shown to admins only.
import { Button, Popconfirm, Space, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Role, UserStatus, roleName } from '@contract/roles';
import type { UserManageAction, UserRow } from '@contract/user-admin';
import { ListTable } from '../../components/list-page';
import { useStatus } from '../status/StatusProvider';
import { formatQuota } from '../setting/format-quota';
import { canEdit, rowActions, type Viewer } from './user-form';

const ROLE_COLORS: Record<string, string> = { admin: 'orangered', agent: 'arcoblue', user: 'gray' };
const ACTION_STATUS: Record<UserManageAction, 'warning' | 'success' | 'danger' | undefined> = {
  promote: undefined, demote: 'warning', disable: 'warning', enable: 'success', delete: 'danger',
};

interface Props {
  rows: UserRow[];
  loading: boolean;
  viewer: Viewer;
  onManage(user: UserRow, action: UserManageAction): Promise<void>;
  onEdit(user: UserRow): void;
}

export function UserTable({ rows, loading, viewer, onManage, onEdit }: Props) {
  const { t } = useTranslation();
  const { status } = useStatus();
  const admin = viewer.role >= Role.admin;

  const statusTag = (u: UserRow) => {
    if (u.DeletedAt !== null) return <Tag color="red" data-testid="user-status">{t('userAdmin.status.deleted')}</Tag>;
    if (u.status === UserStatus.enabled) return <Tag color="green" data-testid="user-status">{t('userAdmin.status.enabled')}</Tag>;
    if (u.status === UserStatus.disabled) return <Tag color="orange" data-testid="user-status">{t('userAdmin.status.disabled')}</Tag>;
    return <Tag color="gray" data-testid="user-status">{t('userAdmin.status.other')}</Tag>;
  };

  const columns: TableColumnProps<UserRow>[] = [
    { title: t('userAdmin.col.id'), dataIndex: 'id', width: 64 },
    {
      title: t('userAdmin.col.username'),
      dataIndex: 'username',
      width: 150,
      render: (_: string, u) => (
        <div>
          <div>{u.username}</div>
          {u.display_name && u.display_name !== u.username && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {u.display_name}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { title: t('userAdmin.col.group'), dataIndex: 'group', width: 90, render: (g: string) => <Tag>{g}</Tag> },
    {
      title: t('userAdmin.col.quota'),
      key: 'quota',
      width: 180,
      render: (_: unknown, u) => (
        <Space size={2} direction="vertical">
          <Tag color="green">{t('userAdmin.stat.remain', { value: formatQuota(u.quota, status) })}</Tag>
          <Tag color="blue">{t('userAdmin.stat.used', { value: formatQuota(u.used_quota, status) })}</Tag>
          <Tag color="purple">{t('userAdmin.stat.requests', { value: u.request_count })}</Tag>
        </Space>
      ),
    },
    {
      title: t('userAdmin.col.role'),
      dataIndex: 'role',
      width: 100,
      render: (r: number) => <Tag color={ROLE_COLORS[roleName(r)]}>{t(`role.${roleName(r)}`)}</Tag>,
    },
    { title: t('userAdmin.col.status'), dataIndex: 'status', width: 90, render: (_: number, u) => statusTag(u) },
    { title: t('userAdmin.col.exclusivePrice'), dataIndex: 'exclusive_price', width: 90, render: (p: number) => (p ? p : '-') },
  ];
  if (admin) {
    columns.push({ title: t('userAdmin.col.agentId'), dataIndex: 'agent_id', width: 80, render: (a: number | undefined) => (a ? a : '-') });
  }
  columns.push({
    title: t('userAdmin.col.actions'),
    key: 'actions',
    fixed: 'right',
    width: admin ? 275 : 140,
    render: (_: unknown, u) => {
      const actions = rowActions(viewer, u);
      const editable = canEdit(viewer, u);
      if (!actions.length && !editable) return null;
      return (
        <Space size={4}>
          {actions.map((action) => (
            <Popconfirm
              key={action}
              title={t(`userAdmin.confirm.${action}`, { username: u.username })}
              okText={t('userAdmin.confirm.ok')}
              cancelText={t('userAdmin.confirm.cancel')}
              okButtonProps={action === 'delete' ? { status: 'danger' } : undefined}
              onOk={() => onManage(u, action)}
            >
              <Button size="mini" status={ACTION_STATUS[action]} data-testid={`user-${action}`}>
                {t(`userAdmin.action.${action}`)}
              </Button>
            </Popconfirm>
          ))}
          {editable && (
            <Button size="mini" type="primary" onClick={() => onEdit(u)} data-testid="user-edit">
              {t('userAdmin.action.edit')}
            </Button>
          )}
        </Space>
      );
    },
  });

  return (
    <ListTable<UserRow>
      rowKey="id"
      data={rows}
      columns={columns}
      loading={loading}
      scrollX={admin ? 1125 : 910}
      empty={t('userAdmin.empty')}
    />
  );
}
