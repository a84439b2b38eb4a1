// Texts only `gateway agent` shows, in Chinese and English. Refusals come from the daemon's own messages (translate),
// so the terminal says exactly what the console says.
import type { Lang } from '../../../daemon/i18n/lang.js';

const texts = {
  'col.id': { zh: '代理 ID', en: 'Agent ID' },
  'col.username': { zh: '用户名', en: 'Username' },
  'col.domain': { zh: '域名', en: 'Domain' },
  'col.parent': { zh: '上级代理', en: 'Parent' },
  'col.users': { zh: '下级用户', en: 'Users' },
  'col.orders': { zh: '订单数', en: 'Orders' },
  'col.order_money': { zh: '订单金额', en: 'Order money' },
  'col.profit': { zh: '累计收益', en: 'Profit' },
  'col.state': { zh: '状态', en: 'State' },
  'state.live': { zh: '正常', en: 'live' },
  'state.deleted': { zh: '已删除', en: 'deleted' },
  'list.empty': { zh: '没有代理', en: 'No agents' },
  'list.summary': { zh: '第 {page} 页，每页 {size} 条，共 {total} 个代理', en: 'Page {page} ({size} per page) of {total} agent(s)' },
  'add.done': {
    zh: '{username}（ID {id}）现在是代理，域名 {domain}，上级代理：{parent}',
    en: '{username} (ID {id}) is now an agent on {domain}, parent: {parent}',
  },
  'remove.done': {
    zh: '{username} 不再是代理；其下级用户已转给：{parent}',
    en: '{username} is no longer an agent; its users now belong to: {parent}',
  },
  'parent.none': { zh: '无', en: 'none' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type AgentTextKey = keyof typeof texts;

export function agentText(lang: Lang, key: AgentTextKey, params?: Record<string, string | number>): string {
  const text: string = texts[key][lang];
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : text;
}
