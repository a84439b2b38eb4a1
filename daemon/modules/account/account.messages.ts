// Messages of registration, e-mail codes, password reset, the mailer and the human check (Turnstile).
export const accountMessages = {
  // registration (reference §7.1, spec 1 §5)
  'register.disabled': { zh: '管理员关闭了新用户注册', en: 'The administrator has turned off new registrations' },
  'register.password_disabled': {
    zh: '管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册',
    en: 'The administrator has turned off registration with a password; please register with a third-party account',
  },
  'register.required': { zh: '用户名和密码不能为空', en: 'Username and password cannot be empty' },
  'register.username_too_long': { zh: '用户名长度不能超过 {max} 个字符', en: 'The username may be at most {max} characters' },
  'register.username_invalid': { zh: '用户名不能包含空格、控制字符或 @', en: 'The username may not contain spaces, control characters or @' },
  'register.password_short': { zh: '密码长度不得小于 {min} 位', en: 'Password must not be shorter than {min} characters' },
  'register.password_long': { zh: '密码长度不得超过 {max} 位', en: 'Password must not be longer than {max} characters' },
  'register.password_mismatch': { zh: '两次输入的密码不一致', en: 'The two passwords differ' },
  'register.email_code_required': {
    zh: '管理员开启了邮箱验证，请输入邮箱地址和验证码',
    en: 'E-mail verification is on: please enter your e-mail address and the verification code',
  },
  'register.code_invalid': { zh: '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  'register.username_taken': { zh: '用户名已存在，或已注销', en: 'The username is taken or was deactivated' },
  'register.too_many': { zh: '注册过于频繁，请稍后再试', en: 'Too many registrations from your address, try again later' },
  'register.success': { zh: '注册成功', en: 'Registration succeeded' },
  'register.log_new_user': { zh: '新用户注册赠送 {quota}', en: 'New user gift {quota}' },
  'register.log_invitee': { zh: '使用邀请码赠送 {quota}', en: 'Invite code gift {quota}' },
  'register.log_inviter': { zh: '邀请用户赠送 {quota}', en: 'Gift for inviting a user {quota}' },
  'register.quota_currency': { zh: '＄{amount} 额度', en: '＄{amount} quota' },
  'register.quota_points': { zh: '{quota} 点额度', en: '{quota} quota points' },
  // e-mail addresses and codes (reference §7.6)
  'email.invalid': { zh: '无效的邮箱地址', en: 'Invalid e-mail address' },
  'email.domain_not_allowed': {
    zh: '管理员启用了邮箱域名白名单，您的邮箱地址的域名不在白名单中',
    en: 'The administrator accepts only some e-mail domains, and the domain of your address is not one of them',
  },
  'email.alias_not_allowed': {
    zh: '管理员启用了邮箱地址别名限制，您的邮箱地址由于包含特殊符号（+ 或 .）而被拒绝',
    en: 'The administrator does not accept e-mail aliases: addresses whose name part contains + or . are refused',
  },
  'email.taken': { zh: '邮箱地址已被占用', en: 'The e-mail address is already in use' },
  'email.too_often': { zh: '发往该邮箱的邮件过于频繁，请稍后再试', en: 'Too many e-mails to this address, try again later' },
  'email.code_sent': { zh: '验证码发送成功，请检查邮箱', en: 'Verification code sent, please check your mailbox' },
  // password reset (reference §7.6)
  'reset.not_registered': { zh: '该邮箱地址未注册', en: 'This e-mail address is not registered' },
  'reset.sent': { zh: '重置邮件发送成功，请检查邮箱', en: 'The reset e-mail has been sent, please check your mailbox' },
  'reset.link_invalid': { zh: '重置链接非法或已过期', en: 'The reset link is invalid or has expired' },
  'reset.success': { zh: '密码已重置', en: 'The password has been reset' },
  // mailer
  'mail.not_configured': {
    zh: 'SMTP 服务器未配置，无法发送邮件，请联系管理员',
    en: 'The SMTP server is not configured, so no e-mail can be sent; contact the administrator',
  },
  'mail.send_failed': { zh: '邮件发送失败，请稍后再试或联系管理员', en: 'Sending the e-mail failed; try again later or contact the administrator' },
  'mail.code_subject': { zh: '{system} 邮箱验证邮件', en: '{system} e-mail verification' },
  'mail.code_body': {
    zh: '<p>您好，您正在进行 {system} 邮箱验证。</p><p>您的验证码为：<strong>{code}</strong></p><p>验证码 {minutes} 分钟内有效，如果不是本人操作，请忽略。</p>',
    en: '<p>Hello, you are verifying your e-mail address for {system}.</p><p>Your verification code is: <strong>{code}</strong></p><p>The code is valid for {minutes} minutes. If you did not ask for it, ignore this e-mail.</p>',
  },
  'mail.reset_subject': { zh: '{system} 密码重置', en: '{system} password reset' },
  'mail.reset_body': {
    zh: '<p>您好，您正在进行 {system} 密码重置。</p><p>点击 <a href="{link}">此处</a> 进行密码重置。</p><p>如果链接无法点击，请将下面的链接复制到浏览器中打开：<br>{link}</p><p>重置链接 {minutes} 分钟内有效，如果不是本人操作，请忽略。</p>',
    en: '<p>Hello, you asked to reset your password for {system}.</p><p>Click <a href="{link}">here</a> to reset it.</p><p>If the link does not open, copy this address into your browser:<br>{link}</p><p>The link is valid for {minutes} minutes. If you did not ask for it, ignore this e-mail.</p>',
  },
  // human check (Cloudflare Turnstile)
  'turnstile.missing': { zh: 'Turnstile token 为空，请稍后几秒重试', en: 'The Turnstile token is missing; retry in a few seconds' },
  'turnstile.failed': { zh: 'Turnstile 校验失败，请刷新重试！', en: 'The Turnstile check failed, please refresh and retry' },
} as const satisfies Record<string, { zh: string; en: string }>;
