import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderConsole } from '../../test/render-console';
import { failure } from '../../test/mock-api';

describe('password reset pages', () => {
  it('/reset asks for a link by e-mail, then waits 30 s before another', async () => {
    const { api } = renderConsole('/reset', { 'GET /api/reset_password': null });
    await screen.findByText('Send reset email');
    fireEvent.click(screen.getByTestId('reset-send'));
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Enter your email address'), { target: { value: 'ivy@example.com ' } });
    fireEvent.click(screen.getByTestId('reset-send'));
    expect((await screen.findAllByText('The reset email has been sent, please check your mailbox')).length).toBeGreaterThan(0);
    expect(api.find('GET', '/api/reset_password')[0].url).toBe('/api/reset_password?email=ivy%40example.com');
    await waitFor(() => expect(screen.getByTestId('reset-send').textContent).toMatch(/Resend \((30|29) s\)/));
  });

  it('shows why the server refused', async () => {
    renderConsole('/reset', { 'GET /api/reset_password': () => failure('This e-mail address is not registered') });
    await screen.findByText('Send reset email');
    fireEvent.change(screen.getByPlaceholderText('Enter your email address'), { target: { value: 'x@example.com' } });
    fireEvent.click(screen.getByTestId('reset-send'));
    expect(await screen.findByText('This e-mail address is not registered')).toBeTruthy();
    expect(screen.getByTestId('reset-send').textContent).toBe('Send reset email');
  });

  it.each(['/reset', '/user/reset'])('%s with the link confirms, shows the new password and copies it', async (path) => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { api } = renderConsole(`${path}?email=ivy%40example.com&token=abc123`, { 'POST /api/user/reset': 'NewPass12345' });
    await screen.findByText('Confirm password reset');
    expect((screen.getByDisplayValue('ivy@example.com') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('reset-confirm'));
    expect(await screen.findByText('Your new password')).toBeTruthy();
    expect(api.find('POST', '/api/user/reset')[0].body).toEqual({ email: 'ivy@example.com', token: 'abc123' });
    expect((screen.getByTestId('new-password') as HTMLInputElement).value).toBe('NewPass12345');
    expect(writeText).toHaveBeenCalledWith('NewPass12345');
    expect(await screen.findByText('The new password has been copied to the clipboard')).toBeTruthy();
  });

  it('says when the link is incomplete', async () => {
    renderConsole('/reset?token=abc');
    expect(await screen.findByText('This reset link is incomplete. Ask for a new one.')).toBeTruthy();
  });

  it('shows the refusal of a spent link', async () => {
    renderConsole('/reset?email=a%40b.com&token=t', { 'POST /api/user/reset': () => failure('The reset link is invalid or has expired') });
    fireEvent.click(await screen.findByTestId('reset-confirm'));
    expect(await screen.findByText('The reset link is invalid or has expired')).toBeTruthy();
    expect(screen.queryByTestId('reset-done')).toBeNull();
  });
});
