// Online top-up through an epay gateway (spec 3 "Wallet / top-up", reference §8.2–8.3) on the wire. Amounts are
// quota bought in display units (US dollars, like new-api); money is the site's currency as a 2-decimal string.

/** POST /api/user/amount: the money to pay for `amount` dollars of quota (answer: data "7.30"). */
export interface TopUpQuoteRequest {
  amount: number;
  /** Sent by new-api's page; unused. */
  top_up_code?: string;
}

/** The console's payment methods: zfb → alipay, wx (and anything else) → wxpay. */
export type PaymentMethod = 'zfb' | 'wx';

/** POST /api/user/pay. */
export interface TopUpPayRequest extends TopUpQuoteRequest {
  payment_method: PaymentMethod | string;
}

/** The signed fields the browser POSTs to the payment page (reference §8.2), all strings. */
export interface EpayParams {
  pid: string;
  type: string;
  out_trade_no: string;
  notify_url: string;
  return_url: string;
  name: string;
  money: string;
  device: string;
  sign_type: string;
  sign: string;
}

/** POST /api/user/pay's data: submit `params` as a hidden form (method POST) to `url`. */
export interface TopUpPayment {
  url: string;
  params: EpayParams;
}

/** Order statuses (roles.ts TopUpStatus plus 'expired', for orders left unpaid past payment.order_expire_minutes). */
export const TopUpOrderStatus = { pending: 'pending', success: 'success', fail: 'fail', expired: 'expired', manual: '0' } as const;
export type TopUpOrderStatusValue = (typeof TopUpOrderStatus)[keyof typeof TopUpOrderStatus];

/** GET /api/user/topup/order?trade_no=: one of the signed-in user's orders (for the return page). */
export interface TopUpOrderView {
  trade_no: string;
  status: TopUpOrderStatusValue;
  /** wxpay | alipay */
  pay_type: string;
  /** Dollars of quota bought. */
  amount: number;
  /** Money to pay, 2 decimals. */
  money: string;
  create_time: number;
  complete_time: number;
}

/** Dollar presets of the wallet page (spec 3: 1 to 5000 plus 9999). */
export const TOPUP_PRESETS: readonly number[] = [1, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 9999];
/** Largest amount one order may buy. */
export const TOPUP_AMOUNT_MAX = 1_000_000;
/** Where the payment provider sends the browser back to (then `?result=return&trade_no=`). */
export const TOPUP_RETURN_PATH = '/topup';
