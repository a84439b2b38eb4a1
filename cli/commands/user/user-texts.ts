// Texts only `gateway user` shows, in Chinese and English. Refusals come from the daemon's own messages (translate),
// so the terminal says exactly what the console says.
import type { Lang } from '../../../daemon/i18n/lang.js';

const texts = {
  'col.id': { zh: 'ID', en: 'ID' },
  'col.username': { zh: '用户名', en: 'Username' },
  'col.display_name': { zh: '显示名称', en: 'Display name' },
  'col.role': { zh: '角色', en: 'Role' },
  'col.status': { zh: '状态', en: 'Status' },
  'col.group': { zh: '分组', en: 'Group' },
  'col.quota': { zh: '剩余额度', en: 'Quota' },
  'col.used_quota': { zh: '已用额度', en: 'Used' },
  'col.agent_id': { zh: '代理 ID', en: 'Agent ID' },
  'role.admin': { zh: '超级管理员', en: 'admin' },
  'role.agent': { zh: '超级代理', en: 'super agent' },
  'role.user': { zh: '普通用户', en: 'normal user' },
  'status.1': { zh: '已启用', en: 'enabled' },
  'status.2': { zh: '已禁用', en: 'disabled' },
  'status.3': { zh: '其他', en: 'other' },
  'status.deleted': { zh: '已注销', en: 'deactivated' },
  'list.summary': { zh: '第 {page} 页，每页 {size} 条，共 {total} 个用户', en: 'Page {page} ({size} per page) of {total} user(s)' },
  'list.empty': { zh: '没有找到用户', en: 'No users found' },
  'create.done': { zh: '已创建用户 {username}（ID {id}）', en: 'Created user {username} (ID {id})' },
  'manage.done': { zh: '{username}：{action} 完成（角色：{role}，状态：{status}）', en: '{username}: {action} done (role: {role}, status: {status})' },
  'quota.done': { zh: '{username} 的额度现在是 {quota}', en: 'The quota of {username} is now {quota}' },
  'quota.need_value': { zh: '请给出新的额度，或使用 --add <数量> 增加额度', en: 'give the new quota, or --add <amount> to add to it' },
  'quota.value_and_add': { zh: '新额度和 --add 只能二选一', en: 'give a new quota or --add, not both' },
  'agent.done': { zh: '{username} 现在属于代理 {agent}（ID {id}）', en: '{username} now belongs to agent {agent} (ID {id})' },
  'agent.none': { zh: '{username} 现在不属于任何代理', en: '{username} now belongs to no agent' },
  'password.done': { zh: '{username} 的密码已重置，所有登录会话已结束', en: 'The password of {username} was reset; all their sessions were ended' },
  'password.generated': { zh: '新密码：{password}', en: 'New password: {password}' },
  'password.prompt': { zh: '{username} 的密码（{min} 到 {max} 个字符）', en: 'Password for {username} ({min} to {max} characters)' },
  'arg.integer': { zh: '需要一个整数', en: 'expected a whole number' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type UserTextKey = keyof typeof texts;

export function userText(lang: Lang, key: UserTextKey, params?: Record<string, string | number>): string {
  const text: string = texts[key][lang];
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : text;
}
