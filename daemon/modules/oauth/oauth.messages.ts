// Server messages of third-party sign-in and binding (zh + en).
export const oauthMessages = {
  'oauth.state_invalid': {
    zh: '登录状态无效、已过期或已被使用，请重新发起登录',
    en: 'The sign-in state is missing, expired or already used; please start again',
  },
  'oauth.not_enabled': { zh: '管理员未开启通过 {provider} 登录以及注册', en: 'The administrator has not enabled sign-in with {provider}' },
  'oauth.not_configured': {
    zh: '管理员尚未完成 {provider} 登录的配置',
    en: 'The administrator has not finished setting up sign-in with {provider}',
  },
  'oauth.code_missing': { zh: '授权码为空，请重新登录', en: 'The authorization code is missing; please start again' },
  'oauth.provider_error': { zh: '{provider} 授权失败：{detail}', en: '{provider} authorization failed: {detail}' },
  'oauth.provider_unreachable': {
    zh: '无法连接至 {provider} 服务器，请稍后重试',
    en: 'Could not connect to {provider}, please try again later',
  },
  'oauth.user_info_empty': {
    zh: '{provider} 返回的用户信息为空，请稍后重试',
    en: '{provider} returned no user information, please try again later',
  },
  'oauth.user_deleted': { zh: '用户已注销', en: 'The user has been deactivated' },
  'oauth.user_banned': { zh: '用户已被封禁', en: 'The user is banned' },
  'oauth.register_disabled': { zh: '管理员关闭了新用户注册', en: 'The administrator has turned off registration of new users' },
  'oauth.already_bound': {
    zh: '该 {provider} 账户已被其他用户绑定',
    en: 'This {provider} account is already bound to another user',
  },
  'oauth.bind_needs_login': {
    zh: '绑定需要登录，请登录后重新发起绑定',
    en: 'Binding needs a signed-in user; sign in and start the binding again',
  },
  'oauth.bound': { zh: '绑定成功', en: 'Bound' },
  'oauth.cross_site': { zh: '拒绝来自其他网站的登录请求', en: 'Sign-in requests from other sites are refused' },
  'oauth.wechat_code_missing': { zh: '请输入验证码', en: 'Please enter the verification code' },
  'oauth.wechat_code_invalid': { zh: '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  'oauth.wechat_failed': { zh: '微信服务器返回错误：{detail}', en: 'The WeChat server answered: {detail}' },
  'oauth.telegram_invalid': { zh: '无效的 Telegram 登录数据', en: 'Invalid Telegram sign-in data' },
  'oauth.telegram_expired': {
    zh: 'Telegram 登录信息已过期，请重新登录 Telegram',
    en: 'The Telegram sign-in has expired; sign in with Telegram again',
  },
  'oauth.telegram_not_bound': {
    zh: '该 Telegram 账户未绑定任何用户，请用其他方式登录后在个人设置中绑定',
    en: 'This Telegram account is not bound to any user; sign in another way and bind it in personal settings',
  },
  'oauth.email_required': { zh: '邮箱地址和验证码不能为空', en: 'Email address and verification code are both required' },
  'oauth.email_invalid': { zh: '邮箱地址格式错误', en: 'Invalid email address' },
  'oauth.email_code_wrong': { zh: '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  'oauth.email_taken': { zh: '该邮箱已被其他账户使用', en: 'This email address is used by another account' },
  'oauth.email_bound': { zh: '邮箱绑定成功', en: 'Email address bound' },
} as const satisfies Record<string, { zh: string; en: string }>;
