import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { createI18n, type Language } from '../../i18n/create-i18n';
import { ThemeProvider } from '../../theme/ThemeProvider';
import { ConsoleRoot } from '../../ConsoleRoot';
import { NotifyProvider } from '../../api/NotifyProvider';
import { UserProvider } from '../../features/auth/UserProvider';
import { ApiProvider } from '../../api/ApiProvider';
import { StatusProvider } from '../../features/status/StatusProvider';
import { publicStatus } from '../../test/fixtures';
import { failure, mockApi, type MockRoute } from '../../test/mock-api';
import { RedeemCard } from './RedeemCard';

// The wallet page's owner places the card; here it sits alone inside the console's providers (as GatewayConsole
// nests them), so the test needs no route of its own.
function Harness({ locale, onRedeemed }: { locale: Language; onRedeemed(q: number): void }) {
  const [i18n] = useState(() => createI18n(locale));
  return (
    <ThemeProvider allowBodyTheme={false}>
      <I18nextProvider i18n={i18n}>
        <ConsoleRoot language={locale}>
          <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
            <NotifyProvider>
              <UserProvider>
                <ApiProvider apiBase="">
                  <StatusProvider>
                    <RedeemCard onRedeemed={onRedeemed} />
                  </StatusProvider>
                </ApiProvider>
              </UserProvider>
            </NotifyProvider>
          </BrowserRouter>
        </ConsoleRoot>
      </I18nextProvider>
    </ThemeProvider>
  );
}

function renderCard(routes: Record<string, MockRoute>, locale: Language = 'en-US') {
  const onRedeemed = vi.fn();
  const api = mockApi({ 'GET /api/status': publicStatus(), ...routes });
  render(<Harness locale={locale} onRedeemed={onRedeemed} />);
  return { api, onRedeemed };
}

describe('RedeemCard', () => {
  it('redeems a code: posts the trimmed key, shows the credited dollars, clears the field and reports it', async () => {
    const { api, onRedeemed } = renderCard({ 'POST /api/user/topup': 250000 });
    const input = (await screen.findByPlaceholderText('Enter the redemption code')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: `  ${'a'.repeat(32)} ` } });
    fireEvent.click(screen.getByRole('button', { name: /Redeem/ }));
    await waitFor(() => expect(api.find('POST', '/api/user/topup')).toHaveLength(1));
    expect(api.find('POST', '/api/user/topup')[0].body).toEqual({ key: 'a'.repeat(32) });
    expect(await screen.findByText('Redeemed: $0.50 added to your balance')).toBeTruthy();
    expect(onRedeemed).toHaveBeenCalledWith(250000);
    expect(input.value).toBe('');
  });

  it('asks for a code before calling the server', async () => {
    const { api, onRedeemed } = renderCard({ 'POST /api/user/topup': 1 });
    await screen.findByPlaceholderText('Enter the redemption code');
    fireEvent.click(screen.getByRole('button', { name: /Redeem/ }));
    expect(await screen.findByText('Please enter the redemption code')).toBeTruthy();
    expect(api.find('POST', '/api/user/topup')).toHaveLength(0);
    expect(onRedeemed).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps the code for another try", async () => {
    const { api, onRedeemed } = renderCard({ 'POST /api/user/topup': () => failure('This redemption code has been used') });
    const input = (await screen.findByPlaceholderText('Enter the redemption code')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'b'.repeat(32) } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    expect(await screen.findByText('This redemption code has been used')).toBeTruthy();
    expect(api.find('POST', '/api/user/topup')).toHaveLength(1);
    expect(onRedeemed).not.toHaveBeenCalled();
    expect(input.value).toBe('b'.repeat(32));
  });

  it('speaks Chinese', async () => {
    renderCard({ 'POST /api/user/topup': 500000 }, 'zh-CN');
    expect(await screen.findByText('兑换码充值')).toBeTruthy();
    expect(screen.getByPlaceholderText('请输入兑换码')).toBeTruthy();
  });
});
