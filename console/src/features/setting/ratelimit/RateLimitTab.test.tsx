import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../../../test/render-console';
import { loginUser, selfUser } from '../../../test/fixtures';
import { optionMock } from '../../../test/option-api';

const signIn = (role: number) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ role })));
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('rate limit tab', () => {
  it('flips the limit at once and saves the changed numbers within their bounds', async () => {
    signIn(100);
    const mock = optionMock();
    const { api } = renderConsole('/setting?tab=ratelimit', mock.routes);
    await screen.findByTestId('ratelimit-tab');
    const puts = () => api.find('PUT', '/api/option/').map((r) => r.body);
    expect(field('Period (minutes)').value).toBe('1');
    expect(field('Most requests per user in the period').value).toBe('0');
    expect(field('Most successful requests per user in the period').value).toBe('1000');
    fireEvent.click(screen.getByRole('switch', { name: /Enable user model request rate limit/ }));
    await waitFor(() => expect(puts()).toEqual([{ key: 'ModelRequestRateLimitEnabled', value: 'true' }]));
    // the success count holds its bound (at least 1); the total may be 0 (unlimited)
    type('Most successful requests per user in the period', '0');
    type('Period (minutes)', '3');
    fireEvent.click(screen.getByTestId('save-model-request'));
    await waitFor(() => expect(puts()).toHaveLength(3));
    expect(puts().slice(1)).toEqual([
      { key: 'ModelRequestRateLimitDurationMinutes', value: '3' },
      { key: 'ModelRequestRateLimitSuccessCount', value: '1' },
    ]);
    type('Most successful requests per user in the period', '50');
    type('Most requests per user in the period', '0');
    fireEvent.click(screen.getByTestId('save-model-request'));
    await waitFor(() => expect(puts()).toHaveLength(4));
    expect(puts()[3]).toEqual({ key: 'ModelRequestRateLimitSuccessCount', value: '50' });
    expect(mock.stored.ModelRequestRateLimitSuccessCount).toBe('50');
  });

  it('is not offered to an agent', async () => {
    signIn(10);
    renderConsole('/setting?tab=ratelimit', { ...optionMock().routes, 'GET /api/user/self': selfUser({ role: 10 }) });
    expect(await screen.findByText('Personal settings')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Rate limit' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Operation settings' })).toBeTruthy();
  });
});
