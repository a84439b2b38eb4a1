// Texts only the CLI shows, in Chinese and English. Validation and service messages come from the daemon's
// translate() so the terminal and the console say the same thing. Wording follows the console's setup page.
import type { Lang } from '../daemon/i18n/lang.js';

const texts = {
  'error.config': { zh: '配置错误：{detail}', en: 'Configuration error: {detail}' },
  'error.missing_flags': { zh: '缺少 {flags}（没有可交互的终端）', en: 'missing {flags} (no terminal to ask)' },
  'error.no_tty': { zh: '需要交互式终端', en: 'an interactive terminal is needed' },
  'error.cancelled': { zh: '已取消', en: 'Cancelled' },
  // serve
  'serve.listening': { zh: '网关已启动：{url}', en: 'Gateway listening on {url}' },
  'serve.secret_generated': {
    zh: '会话密钥为自动生成（{path}）；多实例部署时需要将 session.secret 设置为相同的值',
    en: 'The session secret was generated ({path}); several instances need session.secret set to the same value',
  },
  'serve.stopping': { zh: '正在停止：等待进行中的请求（最多 {seconds} 秒）…', en: 'Stopping: waiting for requests in flight (up to {seconds} s)…' },
  'serve.stopped': { zh: '网关已停止', en: 'Gateway stopped' },
  'serve.forced': { zh: '再次收到信号，立即退出', en: 'Second signal: exiting now' },
  // setup
  'setup.title': { zh: '系统初始化', en: 'System initialisation' },
  'setup.database': { zh: '数据库：{type}', en: 'Database: {type}' },
  'setup.sqlite_title': { zh: '数据库警告', en: 'Database warning' },
  'setup.sqlite_warning': {
    zh: '您正在使用 SQLite 数据库，数据保存在本地文件中，请确保该文件位于持久化存储上。生产环境建议使用 PostgreSQL。如果在容器中运行，请将数据目录映射到宿主机，否则删除容器后数据将会丢失。',
    en: 'You are using SQLite, which stores data in a local file: make sure that file is kept on persistent storage. PostgreSQL is recommended for production. When running in a container, map the data directory to the host, or the data is lost when the container is removed.',
  },
  'setup.root_exists': { zh: '管理员账号已存在，本次仅设置系统参数。', en: 'The administrator account already exists; only the system parameters will be set.' },
  'setup.loading': { zh: '正在读取初始化状态…', en: 'Reading the setup status…' },
  'setup.username': { zh: '管理员用户名', en: 'Admin username' },
  'setup.password': { zh: '密码（至少 {min} 个字符）', en: 'Password (at least {min} characters)' },
  'setup.confirm_password': { zh: '确认密码', en: 'Confirm password' },
  'setup.mode': { zh: '使用模式', en: 'Usage mode' },
  'setup.mode.external': { zh: '对外运营', en: 'External operation' },
  'setup.mode.self': { zh: '自用模式', en: 'Self-use' },
  'setup.mode.demo': { zh: '演示站点', en: 'Demo site' },
  'setup.mode.external_help': { zh: '对外开放的站点：访客可以注册、充值，并按实际用量计费。', en: 'A public site: visitors can register, top up and are billed for what they use.' },
  'setup.mode.self_help': { zh: '个人自用：未设置价格的模型也可以使用，不会出现计费和充值提示。', en: 'Your own use: models without a price still work, with no billing or top-up prompts.' },
  'setup.mode.demo_help': { zh: '演示站点：访客可以浏览体验，但部分功能为只读。', en: 'A demonstration site: visitors can look around, but some functions are read-only.' },
  'setup.review': { zh: '确认以下设置', en: 'Check the settings' },
  'setup.review_keep_root': { zh: '（保留现有管理员）', en: '(keep the existing administrator)' },
  'setup.submit_hint': { zh: '回车：初始化系统 · Esc：返回修改', en: 'Enter: initialise the system · Esc: go back' },
  'setup.input_hint': { zh: '回车确认 · Esc 返回上一步 · Ctrl+C 退出', en: 'Enter to confirm · Esc for the previous step · Ctrl+C to quit' },
  'setup.select_hint': { zh: '↑↓ 选择 · 回车确认 · Esc 返回上一步', en: '↑↓ to choose · Enter to confirm · Esc for the previous step' },
  'setup.submitting': { zh: '正在初始化…', en: 'Initialising…' },
  'setup.root_created': { zh: '管理员账号：{username}', en: 'Administrator account: {username}' },
  'setup.nothing_changed': { zh: '未做任何修改。', en: 'Nothing was changed.' },
  // channel test
  'channel_test.need_target': { zh: '请指定要测试的渠道 ID，或使用 --all 测试所有已启用和自动禁用的渠道', en: 'give the channel IDs to test, or --all for every enabled and auto-disabled channel' },
  'channel_test.ids_and_all': { zh: '渠道 ID 和 --all 只能二选一', en: 'give channel IDs or --all, not both' },
  'channel_test.title': { zh: '测试 {count} 个渠道', en: 'Testing {count} channel(s)' },
  'channel_test.waiting': { zh: '等待中', en: 'waiting' },
  'channel_test.testing': { zh: '测试中…', en: 'testing…' },
  'channel_test.progress': { zh: '已完成 {done}/{count}', en: '{done}/{count} done' },
  'channel_test.summary': { zh: '通过 {passed} 个，失败 {failed} 个', en: '{passed} passed, {failed} failed' },
  'channel_test.skipped': { zh: '，跳过 {skipped} 个', en: ', {skipped} skipped' },
  'channel_test.skipped_line': { zh: '已跳过：{reason}', en: 'skipped: {reason}' },
  'channel_test.none': { zh: '没有已启用或自动禁用的渠道可供测试', en: 'No enabled or auto-disabled channel to test' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type CliKey = keyof typeof texts;

export function cliText(lang: Lang, key: CliKey, params?: Record<string, string | number>): string {
  const text: string = texts[key][lang];
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : text;
}

export const cliTexts = texts;
