import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../../test/render-console';
import { loginUser, publicStatus, selfUser } from '../../test/fixtures';
import { failure } from '../../test/mock-api';
import { formatQuota } from './format-quota';

const signIn = () => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser()));

describe('setting page, personal tab', () => {
  it('shows the account card from /api/user/self with dollars', async () => {
    signIn();
    const { api } = renderConsole('/setting', { 'GET /api/user/self': selfUser({ role: 10, group: 'vip' }) });
    expect(await screen.findByText('$2.50')).toBeTruthy(); // 1 250 000 / 500 000
    expect(screen.getByText('$0.50')).toBeTruthy();
    expect(screen.getByText('Super agent')).toBeTruthy();
    expect(screen.getByText('vip')).toBeTruthy();
    expect(screen.getByText('31')).toBeTruthy();
    expect(api.find('GET', '/api/user/self')[0].headers['New-Api-User']).toBe('7');
  });

  it('shows quota as compacted points when the site does not display currency (spec 1 §9)', async () => {
    signIn();
    renderConsole('/setting', {
      'GET /api/status': publicStatus({ display_in_currency: false }),
      'GET /api/user/self': selfUser({ role: 100 }),
    });
    expect(await screen.findByText('1.3M')).toBeTruthy(); // 1 250 000
    expect(screen.getByText('Admin')).toBeTruthy();
  });
});

describe('expired session', () => {
  it('a 401 forgets the user and lands on the login page with the expiry banner', async () => {
    signIn();
    renderConsole('/setting', { 'GET /api/user/self': () => failure('unauthorized', 401) });
    expect(await screen.findByText('Not logged in or login expired, please log in again')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/login?expired=true'));
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(screen.queryByTestId('user-menu')).toBeNull();
  });
});

describe('formatQuota', () => {
  it('divides by quota_per_unit, falling back to the default unit', () => {
    expect(formatQuota(750000, { display_in_currency: true, quota_per_unit: 500000 })).toBe('$1.50');
    expect(formatQuota(100, { display_in_currency: true, quota_per_unit: 100 })).toBe('$1.00');
    expect(formatQuota(500000, { display_in_currency: true, quota_per_unit: 0 })).toBe('$1.00');
    expect(formatQuota(42, { display_in_currency: false, quota_per_unit: 500000 })).toBe('42');
    expect(formatQuota(42, null)).toBe('42');
  });
});
