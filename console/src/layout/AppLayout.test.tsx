import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../test/render-console';
import { loginUser, publicStatus, selfUser } from '../test/fixtures';
import { markNoticeRead } from '../features/notice/notice-read';

const signIn = (role = 1) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ role })));
const sider = () => document.querySelector('.gc-sider');
const footer = () => document.querySelector('.gc-footer');

describe('layout', () => {
  it('has no sidebar and no footer on home', async () => {
    signIn();
    renderConsole('/');
    await screen.findByText('Go to console');
    expect(sider()).toBeNull();
    expect(footer()).toBeNull();
  });

  it('shows the personal centre in the sidebar and the default credit on /setting', async () => {
    signIn();
    renderConsole('/setting', { 'GET /api/user/self': selfUser() });
    expect(await screen.findByText('Personal centre')).toBeTruthy();
    expect(sider()).not.toBeNull();
    await waitFor(() => expect(footer()?.textContent).toContain('Test Gateway ©'));
  });

  it('renders the footer html from the status', async () => {
    renderConsole('/login', { 'GET /api/status': publicStatus({ footer_html: '<b>Run by ACME</b>' }) });
    expect(await screen.findByText('Run by ACME')).toBeTruthy();
  });

  it('starts the sidebar collapsed when the status asks for it', async () => {
    signIn();
    renderConsole('/setting', {
      'GET /api/status': publicStatus({ default_collapse_sidebar: true }),
      'GET /api/user/self': selfUser(),
    });
    await waitFor(() => expect(sider()?.className).toContain('collapsed'));
  });

  it('logs out from the user menu', async () => {
    signIn();
    const { api } = renderConsole('/setting', { 'GET /api/user/self': selfUser(), 'GET /api/user/logout': null });
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByText('Log out'));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(api.find('GET', '/api/user/logout')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(screen.queryByTestId('user-menu')).toBeNull();
  });

  it('offers a register link in the header once /register exists', async () => {
    renderConsole('/login');
    await screen.findByText('Username or email');
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
  });
});

describe('notice bell', () => {
  it('pops an unread notice once and remembers "read"', async () => {
    const routes = { 'GET /api/notice': '<p>New models added</p>' };
    const first = renderConsole('/login', routes);
    expect(await screen.findByText('New models added')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    expect(localStorage.getItem(STORAGE_KEYS.noticeRead)).toBeTruthy();
    first.unmount();

    renderConsole('/login', routes);
    await screen.findByText('Username or email');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('New models added')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Notice' }));
    expect(await screen.findByText('New models added')).toBeTruthy();
  });

  it('pops again when the notice text changes', async () => {
    markNoticeRead('<p>Old notice</p>');
    renderConsole('/login', { 'GET /api/notice': '<p>Changed notice</p>' });
    expect(await screen.findByText('Changed notice')).toBeTruthy();
  });
});
