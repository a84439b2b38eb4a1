import { describe, expect, it } from 'vitest';
import { Role } from '@contract/roles';
import { publicStatus } from '../test/fixtures';
import { SIDE_MENU, TOP_NAV } from './menu-config';
import { visibleMenu, type MenuContext } from './visible-menu';
import { showsFooter, showsSidebar } from './layout-rules';
import { REGISTERED_PATHS } from '../routes/route-table';

const ALL_PATHS = new Set(['/', '/detail', '/chat', '/pricing', '/docs', '/helperu', '/applyJoin', '/channel', '/token',
  '/redemption', '/user', '/log', '/midjourney', '/task', '/topup', '/orders', '/agents', '/setting']);
const paths = (ctx: MenuContext) => visibleMenu(SIDE_MENU, ctx).map((e) => e.path);

describe('side menu', () => {
  it('shows only registered routes: today an admin sees channels, tokens, codes, users, the usage log, the wallet, agent info and the personal centre', () => {
    expect(paths({ role: Role.admin, status: publicStatus(), registered: REGISTERED_PATHS })).toEqual(['/channel', '/token', '/redemption', '/user', '/log', '/topup', '/agents', '/setting']);
  });

  it('hides everything from guests', () => {
    expect(paths({ role: Role.guest, status: publicStatus(), registered: ALL_PATHS })).toEqual([]);
  });

  it('filters by role', () => {
    const status = publicStatus();
    const user = paths({ role: Role.user, status, registered: ALL_PATHS });
    const agent = paths({ role: Role.agent, status, registered: ALL_PATHS });
    const admin = paths({ role: Role.admin, status, registered: ALL_PATHS });
    expect(user).toEqual(['/token', '/log', '/topup', '/setting']);
    // agent info stays in agents' and admins' menus without its flag (their settlement and agent table live there)
    expect(agent).toEqual(['/token', '/user', '/log', '/topup', '/agents', '/setting']);
    expect(admin).toEqual(['/channel', '/token', '/redemption', '/user', '/log', '/topup', '/agents', '/setting']);
  });

  it('follows status flags', () => {
    const status = publicStatus({ work_info_enabled: true, enable_drawing: true, enable_task: true,
      orders_invoice_enabled: true, agent_info_enabled: true });
    expect(paths({ role: Role.user, status, registered: ALL_PATHS })).toEqual(
      ['/detail', '/token', '/log', '/midjourney', '/task', '/topup', '/orders', '/agents', '/setting']);
    expect(paths({ role: Role.user, status: null, registered: ALL_PATHS })).not.toContain('/detail');
  });

  it('folds the logs group into a sub-menu when asked, and drops an empty group', () => {
    const status = publicStatus({ enable_task: true });
    const folded = visibleMenu(SIDE_MENU, { role: Role.user, status, registered: ALL_PATHS, fold: true });
    expect(folded.find((e) => e.key === 'logs')?.children?.map((c) => c.path)).toEqual(['/log', '/task']);
    const noLogs = visibleMenu(SIDE_MENU, { role: Role.user, status, registered: new Set(['/setting']), fold: true });
    expect(noLogs.map((e) => e.key)).toEqual(['setting']);
  });
});

describe('top navigation', () => {
  it('shows only the pages that exist (today Home and the pricing page), and respects link flags', () => {
    expect(visibleMenu(TOP_NAV, { role: 0, status: publicStatus(), registered: REGISTERED_PATHS }).map((e) => e.key))
      .toEqual(['home', 'pricing']);
    const status = publicStatus({ chat_link: 'https://chat.example', help_info_enabled: true });
    expect(visibleMenu(TOP_NAV, { role: 0, status, registered: ALL_PATHS }).map((e) => e.key))
      .toEqual(['home', 'detail', 'chat', 'pricing', 'docs', 'helperu']);
  });
});

describe('layout rules', () => {
  it('hides the sidebar and footer where spec 3 says', () => {
    expect(['/', '/chat', '/pricing', '/about', '/docs', '/helperu', '/applyJoin'].filter(showsSidebar)).toEqual([]);
    expect(showsSidebar('/setting')).toBe(true);
    expect(showsSidebar('/docs/intro')).toBe(false);
    expect(['/chat', '/', '/about', '/docs'].filter(showsFooter)).toEqual([]);
    expect(showsFooter('/pricing')).toBe(true);
    expect(showsFooter('/setting')).toBe(true);
  });
});
