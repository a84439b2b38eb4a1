// Server messages of online top-up (spec 3 "Wallet / top-up", error catalogue §8; reference §8.2) in zh + en.
export const topUpMessages = {
  'topup.not_enabled': { zh: '管理员未开启在线充值', en: 'The admin has not enabled online top-up' },
  'topup.amount_invalid': { zh: '充值数量必须是 1 到 {max} 之间的整数', en: 'The top-up amount must be a whole number from 1 to {max}' },
  'topup.below_minimum': { zh: '充值数量不能小于 {min}', en: 'The top-up amount cannot be below the minimum of {min}' },
  'topup.amount_too_low': { zh: '充值金额过低', en: 'The amount is too low' },
  'topup.order_not_found': { zh: '订单不存在', en: 'Order not found' },
  'topup.user_not_found': { zh: '用户不存在', en: 'User not found' },
  /** The top-up log line (type 1), written in Chinese like new-api's. */
  'topup.log_success': { zh: '在线充值成功，充值金额: {quota}，支付金额：{money}', en: 'Online top-up succeeded, amount: {quota}, paid: {money}' },
  /** One per agent credited on a paid order (type 5), in Chinese like the other log lines. */
  'topup.log_agent_share': {
    zh: '代理分成：订单 {trade_no}，用户 {buyer}（ID {buyer_id}）支付 {money}，分成 {share}',
    en: 'Agent share: order {trade_no}, user {buyer} (ID {buyer_id}) paid {money}, share {share}',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
