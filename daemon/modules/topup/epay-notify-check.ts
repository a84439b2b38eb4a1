// What a payment provider's callback must pass before any order is looked at (reference §8.3, NOT its quirk §15 #2):
// online top-up on, a valid signature (checked first; nothing else is trusted before it), our merchant id, a paid
// trade, an exact money amount. Pure: the service does the database part.
import { verifyEpaySign, type EpayFields } from './epay-sign.js';
import { parseMoney } from './topup-money.js';

export interface MerchantConfig {
  enabled: boolean;
  pid: string;
  key: string;
}

export type NotifyCheck =
  | { ok: true; tradeNo: string; paidMicros: bigint }
  /** `acknowledge`: the message is authentic but not a payment; answer 'success' so the provider stops sending it. */
  | { ok: false; tradeNo: string; reason: string; acknowledge: boolean };

export const TRADE_SUCCESS = 'TRADE_SUCCESS';

export function checkNotify(fields: EpayFields, m: MerchantConfig): NotifyCheck {
  const tradeNo = String(fields.out_trade_no ?? '');
  const refuse = (reason: string, acknowledge = false): NotifyCheck => ({ ok: false, tradeNo, reason, acknowledge });
  if (!m.enabled) return refuse('online top-up is not enabled');
  if (!verifyEpaySign(fields, m.key)) return refuse('bad signature');
  if (String(fields.pid ?? '') !== m.pid) return refuse(`merchant id ${JSON.stringify(fields.pid ?? '')} is not ours`);
  if (!tradeNo) return refuse('no out_trade_no');
  if (fields.trade_status !== TRADE_SUCCESS) return refuse(`trade status ${JSON.stringify(fields.trade_status ?? '')} is not ${TRADE_SUCCESS}`, true);
  const paid = parseMoney(String(fields.money ?? ''));
  if (paid === null) return refuse(`money ${JSON.stringify(fields.money ?? '')} is not a valid amount`);
  return { ok: true, tradeNo, paidMicros: paid };
}

/** Query or form values as plain strings; a key sent twice makes the whole message invalid (null). */
export function plainFields(input: unknown): Record<string, string> | null {
  if (!input || typeof input !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (typeof v !== 'string') return null;
    out[k] = v;
  }
  return out;
}
