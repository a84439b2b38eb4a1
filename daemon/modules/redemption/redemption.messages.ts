// Server messages of redemption code management and of redeeming a code (zh + en). The "used" text is also the
// answer for a disabled code, as in new-api: a guesser learns nothing more than that the code exists.
export const redemptionMessages = {
  'redemption.not_found': { zh: '兑换码不存在', en: 'Redemption code not found' },
  'redemption.name_length': { zh: '兑换码名称长度必须在 {min} 到 {max} 个字符之间', en: 'The name must be {min} to {max} characters long' },
  'redemption.quota_invalid': { zh: '额度必须是 1 到 {max} 之间的整数', en: 'The quota must be a whole number from 1 to {max}' },
  'redemption.count_invalid': { zh: '兑换码个数必须是 1 到 {max} 之间的整数', en: 'The number of codes must be a whole number from 1 to {max}' },
  'redemption.edit_not_unused': { zh: '只能编辑未使用的兑换码（已禁用或已使用的不能编辑）', en: 'Only an unused redemption code can be edited (not a disabled or used one)' },
  'redemption.status_invalid': { zh: '兑换码只能被启用或禁用', en: 'A redemption code can only be enabled or disabled' },
  'redemption.status_used': { zh: '兑换码已被使用，无法启用或禁用', en: 'This redemption code has been used; it cannot be enabled or disabled' },
  'redemption.key_required': { zh: '请输入兑换码', en: 'Please enter the redemption code' },
  'redemption.invalid': { zh: '无效的兑换码', en: 'Invalid redemption code' },
  'redemption.used': { zh: '该兑换码已被使用', en: 'This redemption code has been used' },
  'redemption.too_many': { zh: '兑换尝试过于频繁，请稍后再试', en: 'Too many redemption attempts, please try again later' },
  'redemption.quota_overflow': { zh: '兑换后额度将超出上限，无法兑换', en: 'The balance would exceed its maximum; the code was not redeemed' },
  /** Log text (stored in Chinese, as new-api writes it); {amount} comes from logQuota. */
  'redemption.topup_log': { zh: '通过兑换码充值 {amount}，兑换码ID {id}', en: 'Topped up {amount} with redemption code ID {id}' },
} as const satisfies Record<string, { zh: string; en: string }>;
