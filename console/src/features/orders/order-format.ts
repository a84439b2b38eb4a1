// Labels, colours and money of the orders page (spec 3 §3 "Order display labels", §4 states), pure.
import { INVOICE_MIN_AMOUNT } from '@contract/orders';
import type { PublicStatus } from '@contract/status';

/** Money in the site's currency (yuan) with 2 decimals: 1000.1 -> "¥1000.10". */
export const formatYuan = (n: number): string => `${n < 0 ? '-' : ''}¥${Math.abs(n).toFixed(2)}`;

/** i18n key of a payment method (WeChat Pay, Alipay); unknown ones are shown as they are. */
export const payTypeKey = (payType: string): string | null =>
  payType === 'wxpay' || payType === 'alipay' ? `orders.payType.${payType}` : null;

export const ORDER_STATUS_COLOURS: Record<string, string> = { success: 'green', pending: 'orange', fail: 'red', expired: 'gray', '0': 'orangered' };
/** '0' (awaiting a manual fix) is not a valid i18n key segment on its own. */
export const orderStatusKey = (status: string): string => `orders.status.${status === '0' ? 'manual' : status}`;

export const INVOICE_STATUS_COLOURS: Record<string, string> = { '0': 'orange', '1': 'green', '2': 'red', '3': 'gray' };
export const invoiceStatusKey = (status: string): string => `orders.invoiceStatus.s${status}`;
export const invoiceTypeKey = (types: string): string => `orders.invoiceType.${types === 'dzzzszp' ? 'dzzzszp' : 'dzpp'}`;

/** The submit button stays disabled until the invoiceable amount exceeds the minimum (spec 3 §5). */
export const canApply = (invoiceable: number | null): boolean => invoiceable !== null && invoiceable > INVOICE_MIN_AMOUNT;

/**
 * Whether the application tab shows. The spec shows it when local storage `work_info` is 'true' (new-api's pages
 * mirrored status.work_info_enabled there); it shows too when the site turned on orders and invoices, the flag that
 * puts this page in the menu.
 */
export function showApplyTab(workInfo: string | null, status: PublicStatus | null): boolean {
  return workInfo === 'true' || Boolean(status?.work_info_enabled) || Boolean(status?.orders_invoice_enabled);
}
