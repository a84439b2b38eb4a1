// Server messages of the signed-in user's own account calls (/api/user/self, token, aff, setting) and of quota
// warnings (zh + en).
export const selfMessages = {
  'self.nothing_changed': { zh: '您似乎并没有修改什么', en: 'You seem to have changed nothing' },
  'self.updated': { zh: '用户信息更新成功', en: 'User info updated' },
  'self.display_name_too_long': { zh: '显示名称不能超过 {max} 个字符', en: 'The display name may be at most {max} characters' },
  'self.original_password_required': { zh: '请输入原密码', en: 'Please enter your current password' },
  'self.original_password_wrong': { zh: '原密码错误', en: 'The current password is wrong' },
  'self.password_length': { zh: '密码长度必须在 {min} 到 {max} 个字符之间', en: 'The password must be {min} to {max} characters long' },
  'self.password_changed': { zh: '密码修改成功', en: 'Password changed' },
  'self.root_cannot_delete': { zh: '不能删除超级管理员账户', en: 'The super administrator account cannot be deleted' },
  'self.deleted': { zh: '账户已删除', en: 'Account deleted' },
  'self.aff_invalid': { zh: '划转额度必须是正整数', en: 'The transfer amount must be a positive whole number' },
  'self.aff_min': { zh: '转移额度最小为 {amount}', en: 'The minimum transfer amount is {amount}' },
  'self.aff_insufficient': { zh: '邀请额度不足', en: 'Not enough invite quota' },
  'self.aff_transferred': { zh: '划转成功', en: 'Transferred' },
  'self.user_group_desc': { zh: '用户分组', en: 'Your group' },
  'self.allow_group_desc': { zh: '管理员为您开通的分组', en: 'Opened for you by the administrator' },
  'self.notify_type_invalid': { zh: '通知方式只能是邮件或 Webhook', en: 'The notification method must be email or webhook' },
  'self.threshold_invalid': { zh: '额度预警阈值必须是不小于 0 的整数', en: 'The quota warning threshold must be a whole number of at least 0' },
  'self.webhook_required': { zh: '请填写 Webhook 地址', en: 'Please enter the webhook URL' },
  'self.webhook_too_long': { zh: 'Webhook 地址过长，最多 {max} 个字符', en: 'The webhook URL is too long (at most {max} characters)' },
  'self.webhook_https': { zh: 'Webhook 地址必须是 https 地址', en: 'The webhook URL must be an https URL' },
  'self.webhook_blocked': { zh: 'Webhook 地址不能含用户名密码，也不能指向本机、内网或链路本地地址', en: 'The webhook URL may not contain user info or point at this machine, a private network or a link-local address' },
  'self.secret_invalid': { zh: 'Webhook 密钥必须是字符串', en: 'The webhook secret must be a string' },
  'self.secret_too_long': { zh: 'Webhook 密钥过长，最多 {max} 个字符', en: 'The webhook secret is too long (at most {max} characters)' },
  'self.email_invalid': { zh: '通知邮箱格式不正确', en: 'The notification email address is not valid' },
  'self.setting_saved': { zh: '设置已保存', en: 'Settings saved' },
  // quota warnings ({{value}} placeholders are filled in order from the values, spec 1 §9)
  'notify.quota_title': { zh: '您的额度即将用尽', en: 'Your quota is running low' },
  'notify.quota_content': {
    zh: '{{value}}，当前剩余额度为 {{value}}，为了不影响您的使用，请及时充值。<br/>充值链接：<a href=\'{{value}}\'>{{value}}</a>',
    en: '{{value}}: your remaining quota is {{value}}. Please top up so your service is not interrupted.<br/>Top-up link: <a href=\'{{value}}\'>{{value}}</a>',
  },
  'notify.quota_points': { zh: '{quota} 点额度', en: '{quota} quota points' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type SelfMessageKey = keyof typeof selfMessages;
