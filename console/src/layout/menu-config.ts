// The full navigation of spec 3 ("Top navigation", "Side menu"), declared once. Entries whose route is not
// registered yet are filtered out at render time, so a new page shows up by adding its route only.
import type { ComponentType } from 'react';
import {
  IconApps, IconCommon, IconDashboard, IconFile, IconGift, IconHistory, IconIdcard, IconImage, IconSchedule,
  IconStorage, IconUser, IconUserGroup, IconList,
} from '@arco-design/web-react/icon';
import type { PublicStatus } from '@contract/status';
import type { RoleName } from '@contract/roles';

export interface MenuEntry {
  key: string;
  /** i18n key of the label. */
  label: string;
  /** Route path; a group has none and shows its visible children. */
  path?: string;
  /** Lowest role that sees the entry; 'guest' means anyone. */
  minRole: 'guest' | RoleName;
  /** Status flag that must be truthy (a boolean switch or a non-empty link). */
  flag?: keyof PublicStatus;
  /** This role and above see the entry even when `flag` is off (the page holds their own work). */
  flagExemptRole?: RoleName;
  /** Shown alone when the sidebar is collapsed. */
  icon?: ComponentType;
  /** A badge label (i18n key) shown beside the entry. */
  badge?: string;
  children?: MenuEntry[];
}

export const TOP_NAV: readonly MenuEntry[] = [
  { key: 'home', label: 'nav.home', path: '/', minRole: 'guest' },
  { key: 'detail', label: 'nav.workbench', path: '/detail', minRole: 'guest' },
  { key: 'chat', label: 'nav.chat', path: '/chat', minRole: 'guest', flag: 'chat_link' },
  { key: 'pricing', label: 'nav.pricing', path: '/pricing', minRole: 'guest' },
  { key: 'docs', label: 'nav.docs', path: '/docs', minRole: 'guest' },
  { key: 'helperu', label: 'nav.help', path: '/helperu', minRole: 'guest', flag: 'help_info_enabled' },
  { key: 'applyJoin', label: 'nav.applyJoin', path: '/applyJoin', minRole: 'guest', flag: 'apply_join_enabled', badge: 'nav.limitedTime' },
];

export const SIDE_MENU: readonly MenuEntry[] = [
  { key: 'detail', label: 'menu.workbench', icon: IconDashboard, path: '/detail', minRole: 'user', flag: 'work_info_enabled' },
  { key: 'channel', label: 'menu.channel', icon: IconApps, path: '/channel', minRole: 'admin' },
  { key: 'token', label: 'menu.token', icon: IconCommon, path: '/token', minRole: 'user' },
  { key: 'redemption', label: 'menu.redemption', icon: IconGift, path: '/redemption', minRole: 'admin' },
  { key: 'user', label: 'menu.user', icon: IconUserGroup, path: '/user', minRole: 'agent' },
  {
    key: 'logs',
    label: 'menu.logs', icon: IconHistory,
    minRole: 'user',
    children: [
      { key: 'log', label: 'menu.log', icon: IconList, path: '/log', minRole: 'user' },
      { key: 'midjourney', label: 'menu.drawing', icon: IconImage, path: '/midjourney', minRole: 'user', flag: 'enable_drawing' },
      { key: 'task', label: 'menu.task', icon: IconSchedule, path: '/task', minRole: 'user', flag: 'enable_task' },
    ],
  },
  { key: 'topup', label: 'menu.topup', icon: IconStorage, path: '/topup', minRole: 'user' },
  { key: 'orders', label: 'menu.orders', icon: IconFile, path: '/orders', minRole: 'user', flag: 'orders_invoice_enabled' },
  // the flag opens the page to everyone; agents (their settlement) and admins (the agent table) always have it
  { key: 'agents', label: 'menu.agents', icon: IconIdcard, path: '/agents', minRole: 'user', flag: 'agent_info_enabled', flagExemptRole: 'agent' },
  { key: 'setting', label: 'menu.setting', icon: IconUser, path: '/setting', minRole: 'user' },
];
