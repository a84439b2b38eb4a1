// Server messages of agent administration (spec 3 §5, §8; design agents.md §1, §6).
export const agentMessages = {
  'agent.required': { zh: '代理ID、域名、上级ID不能为空！', en: 'agent id, domain, parent id cannot be empty!' },
  'agent.created': { zh: '代理关系创建成功！', en: 'Agent relationship created!' },
  'agent.id_invalid': { zh: '代理ID和上级ID必须是整数（上级ID为 0 表示没有上级）', en: 'The agent id and parent id must be whole numbers (parent id 0 means none)' },
  'agent.domain_invalid': {
    zh: '域名格式不正确：只填写主机名，例如 agent.example.com（不含 http://、端口或路径）',
    en: 'The domain is not valid: give a host name only, such as agent.example.com (no http://, port or path)',
  },
  'agent.domain_taken': { zh: '该域名已被其他代理使用', en: 'Another agent already uses this domain' },
  'agent.domain_site': { zh: '不能使用本站自己的域名作为代理域名', en: 'The site\'s own domain cannot be an agent\'s domain' },
  'agent.user_not_found': { zh: '用户不存在或已注销', en: 'The user does not exist or has been deactivated' },
  'agent.user_disabled': { zh: '该用户已被禁用，不能设为代理', en: 'This user is disabled and cannot become an agent' },
  'agent.user_admin': { zh: '管理员不能设为代理', en: 'An administrator cannot become an agent' },
  'agent.exists': { zh: '该用户已经是代理', en: 'This user is already an agent' },
  'agent.not_agent': { zh: '该用户不是代理', en: 'This user is not an agent' },
  'agent.referrer_self': { zh: '上级代理不能是自己', en: 'An agent cannot be its own parent' },
  'agent.referrer_invalid': { zh: '上级代理不存在或已删除', en: 'The parent agent does not exist or has been deleted' },
  'agent.created_log': {
    zh: '管理员 {actor} 将该用户设为代理（域名 {domain}，上级代理 ID {parent}）',
    en: 'Administrator {actor} made this user an agent (domain {domain}, parent agent id {parent})',
  },
  'agent.ended_log': {
    zh: '代理身份已结束，{count} 个下级用户转给上级代理 ID {parent}',
    en: 'The agency ended; {count} sub-user(s) moved to parent agent id {parent}',
  },
  'agent.page_content_failed': { zh: '加载代理信息内容失败...', en: 'Failed to load agent info content...' },
} as const satisfies Record<string, { zh: string; en: string }>;
