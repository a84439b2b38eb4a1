// Server messages of the option calls and their cross-option rules (zh + en). The basic value checks
// (option.not_json, option.not_number, …) are in daemon/i18n/messages.ts.
export const optionMessages = {
  'option.admin_only': { zh: '仅超级管理员可以修改 {key}', en: 'Only the super administrator may change {key}' },
  'option.too_long': { zh: '{key} 过长，最多 {max} 个字符', en: '{key} is too long (at most {max} characters)' },
  'option.url_invalid': { zh: '{key} 必须是 http(s) 地址', en: '{key} must be an http(s) URL' },
  'option.choice_invalid': { zh: '{key} 只能是 {choices} 之一', en: '{key} must be one of {choices}' },
  'option.list_item_too_long': { zh: '{key} 的每一项最多 {max} 个字符', en: 'Each item of {key} may have at most {max} characters' },
  'option.string_map_invalid': { zh: '{key} 必须是“名称: 文本”形式的 JSON 对象', en: '{key} must be a JSON object of names to text' },
  'option.value_choice_invalid': { zh: '{key} 中 {name} 的值只能是 {choices} 之一', en: '{key}: the value of {name} must be one of {choices}' },
  'option.string_list_invalid': { zh: '{key} 必须是由文本组成的 JSON 数组', en: '{key} must be a JSON array of text' },
  'option.int_map_invalid': { zh: '{key} 必须是“名称: 不小于 0 的整数”形式的 JSON 对象', en: '{key} must be a JSON object of names to whole numbers of at least 0' },
  'option.header_map_invalid': {
    zh: '{key} 必须是 JSON 对象：模型名对应一个“请求头名: 值列表”的对象',
    en: '{key} must be a JSON object of model names to objects of header names to lists of values',
  },
  'option.requires': { zh: '请先填写 {need}，再开启或设置 {key}', en: 'Fill in {need} before turning on or setting {key}' },
  'option.required_by': { zh: '{by} 已开启或已设置，需要 {key}，请先关闭或清空 {by}', en: '{by} is on or set and needs {key}: turn off or clear {by} first' },
  'option.excludes': { zh: '{key} 和 {other} 不能同时开启', en: '{key} and {other} cannot both be on' },
  'option.forced_on': { zh: '{by} 为 {value} 时 {key} 必须开启', en: '{key} must stay on while {by} is {value}' },
  'option.saved': { zh: '保存成功', en: 'Saved' },
  'option.unchanged': { zh: '你似乎并没有修改什么', en: 'You seem to have changed nothing' },
  'option.password_off_warning': {
    zh: '已保存。注意：没有绑定其他登录方式的用户（包括管理员）将无法再通过密码登录或注册',
    en: 'Saved. Note: users with no other sign-in method bound, administrators included, can no longer sign in or register with a password',
  },
  'option.agent_saved_log': { zh: '代理 {agent} 修改了自己的白标设置 {key}', en: 'Agent {agent} changed its own white-label setting {key}' },
  'option.model_ratio_reset': { zh: '重置模型倍率成功', en: 'Model ratios reset to the defaults' },
} as const satisfies Record<string, { zh: string; en: string }>;
