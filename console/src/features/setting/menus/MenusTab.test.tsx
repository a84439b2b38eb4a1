import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../../../test/render-console';
import { loginUser } from '../../../test/fixtures';
import { optionMock } from '../../../test/option-api';

const signIn = (role: number) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ role })));
const field = (label: string) => screen.getByLabelText(label) as HTMLTextAreaElement;

async function openMenus(role: number) {
  signIn(role);
  const mock = optionMock();
  const view = renderConsole('/setting?tab=menus', mock.routes);
  await screen.findByTestId('menus-tab');
  return { ...view, mock, puts: () => view.api.find('PUT', '/api/option/').map((r) => r.body) };
}

describe('menus tab', () => {
  it('saves a menu switch at once and checks the JSON blocks before sending', async () => {
    const { puts, mock } = await openMenus(10);
    fireEvent.click(screen.getByRole('switch', { name: 'Side menu: workbench' }));
    await waitFor(() => expect(puts()).toEqual([{ key: 'WorkInfoEnabled', value: 'true' }]));
    expect(mock.stored.WorkInfoEnabled).toBe('true');

    fireEvent.change(field('API address list'), { target: { value: '[{"name": "main"' } });
    fireEvent.click(screen.getByTestId('save-content'));
    expect(await screen.findByText('API address list: not a valid JSON string')).toBeTruthy();
    expect(puts()).toHaveLength(1);

    fireEvent.change(field('API address list'), { target: { value: '[{"name": "main", "url": "https://api.example.com"}]' } });
    fireEvent.click(screen.getByTestId('save-content'));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual({ key: 'ApiAddress', value: '[{"name": "main", "url": "https://api.example.com"}]' });
  });

  it('blocks turning off password login behind the confirmation dialog', async () => {
    const { puts } = await openMenus(100);
    fireEvent.click(screen.getByRole('switch', { name: 'Allow login with a password' }));
    const title = await screen.findByText('Turn off "Allow login with a password"?');
    expect(puts()).toEqual([]);
    fireEvent.click(within(title.closest('.arco-modal') as HTMLElement).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(puts()).toEqual([{ key: 'PasswordLoginEnabled', value: 'false' }]));
  });

  it('shows the tab list by role: agents get operation, other and menus (their white-label keys), not system', async () => {
    await openMenus(10);
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Personal settings', 'Operation settings', 'Other', 'Menus']);
  });
});
