// Typed calls of the wallet page (spec 3 "Wallet / top-up"; contract/topup.ts).
import type { TopUpOrderView, TopUpPayRequest, TopUpPayment, TopUpQuoteRequest } from '@contract/topup';
import type { SelfUser } from '@contract/user';
import type { ApiClient } from '../../api/client';

export function walletApi(api: ApiClient) {
  return {
    self: () => api.get<SelfUser>('/api/user/self', { quiet: true }),
    /** The money to pay as "7.30"; quiet: the page shows the reason beside the amount. */
    quote: (body: TopUpQuoteRequest) => api.post<string>('/api/user/amount', body, { quiet: true }),
    pay: (body: TopUpPayRequest) => api.post<TopUpPayment>('/api/user/pay', body),
    order: (tradeNo: string) => api.get<TopUpOrderView>(`/api/user/topup/order?trade_no=${encodeURIComponent(tradeNo)}`, { quiet: true }),
  };
}

export type WalletApi = ReturnType<typeof walletApi>;
