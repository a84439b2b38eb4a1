// Every message the server sends to people, in Chinese and English. Keys are stable; {name} marks a parameter.
export const messages = {
  // generic
  'generic.bad_request': { zh: '请求参数有误：{detail}', en: 'Invalid request: {detail}' },
  'generic.internal': { zh: '服务器内部错误，请联系管理员', en: 'Internal server error, contact the administrator' },
  'generic.not_found': { zh: '接口不存在：{method} {path}', en: 'Invalid URL ({method} {path})' },
  'generic.too_many_requests': { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, try later' },
  'generic.body_too_large': { zh: '请求体过大', en: 'Request body too large' },
  // auth
  'auth.not_logged_in': { zh: '未登录且未提供 access token', en: 'Not logged in and no access token given' },
  'auth.invalid_access_token': { zh: '无效的 access token', en: 'Invalid access token' },
  'auth.user_header_missing': { zh: '无权进行此操作，未提供 New-Api-User', en: 'No permission: the New-Api-User header is missing' },
  'auth.user_header_invalid': { zh: '无权进行此操作，New-Api-User 格式错误', en: 'No permission: the New-Api-User header is malformed' },
  'auth.user_header_mismatch': { zh: '无权进行此操作，New-Api-User 与登录用户不匹配', en: 'No permission: New-Api-User does not match the signed-in user' },
  'auth.user_banned': { zh: '用户已被封禁', en: 'The user is banned' },
  'auth.insufficient_role': { zh: '无权进行此操作，权限不足', en: 'No permission: insufficient role' },
  'auth.session_expired': { zh: '登录已过期，请重新登录', en: 'The sign-in has expired, please sign in again' },
  'auth.not_owner': { zh: '无权访问该资源', en: 'No permission to access this resource' },
  // login
  'login.empty': { zh: '请输入用户名和密码', en: 'Please enter username and password' },
  'login.password_disabled': { zh: '管理员关闭了密码登录', en: 'The administrator has turned off password sign-in' },
  'login.wrong': { zh: '用户名或密码错误，或用户已被封禁', en: 'Wrong username or password, or the user is banned' },
  'login.success': { zh: '登录成功', en: 'Login succeeded' },
  'logout.success': { zh: '已退出登录', en: 'Signed out' },
  // setup
  'setup.done_already': { zh: '系统已经初始化完成', en: 'The system has already been initialised' },
  'setup.username_required': { zh: '请输入管理员用户名', en: 'Please enter admin username' },
  'setup.username_too_long': { zh: '用户名长度不能超过 {max} 个字符', en: 'The username may be at most {max} characters' },
  'setup.password_short': { zh: '密码长度至少为 8 个字符', en: 'Password length at least 8 characters' },
  'setup.password_mismatch': { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },
  'setup.mode_conflict': { zh: '自用模式和演示站点模式不能同时开启', en: 'Self-use mode and demo site mode cannot both be on' },
  'setup.success': { zh: '系统初始化成功', en: 'System initialised' },
  'setup.root_display_name': { zh: '超级管理员', en: 'Root User' },
  // options
  'option.unknown_key': { zh: '未知的配置项：{key}', en: 'Unknown option: {key}' },
  'option.not_json': { zh: '{key} 不是合法的 JSON 字符串', en: '{key} is not a valid JSON string' },
  'option.not_number': { zh: '{key} 请输入数字', en: '{key}: please enter a number' },
  'option.not_integer': { zh: '{key} 必须是整数', en: '{key} must be a whole number' },
  'option.too_small': { zh: '{key} 不能小于 {min}', en: '{key} must be at least {min}' },
  'option.too_large': { zh: '{key} 不能大于 {max}', en: '{key} must be at most {max}' },
  'option.not_boolean': { zh: '{key} 只能是 true 或 false', en: '{key} must be true or false' },
  'option.https_only': { zh: '{key} 必须是 https 地址', en: '{key} must be an https URL' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;
