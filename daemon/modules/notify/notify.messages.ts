// Notices to the super admin (reference §3.7: a channel disabled or enabled automatically).
export const notifyMessages = {
  'notify.channel_title': { zh: '渠道状态变更提醒', en: 'Channel status changed' },
  'notify.channel_disabled': { zh: '通道「{name}」（#{id}）已被禁用，原因：{reason}', en: 'Channel "{name}" (#{id}) has been disabled: {reason}' },
  'notify.channel_enabled': { zh: '通道「{name}」（#{id}）已被启用', en: 'Channel "{name}" (#{id}) has been enabled' },
} as const satisfies Record<string, { zh: string; en: string }>;
