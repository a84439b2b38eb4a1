// Refusals that name a channel type: management calls a type does not offer, and relay calls to channels whose
// type this gateway cannot relay. Parameters `type` / `types` carry the type's name in each language
// (channel-type-params.ts), so one error renders in whichever language the request asked for.
export const channelTypeMessages = {
  'channel.type_fetch_models_unsupported': {
    zh: '渠道类型 {type}（#{id}）不提供模型列表，请手动填写模型',
    en: 'Channel type {type} (#{id}) has no model list to fetch; enter the models by hand',
  },
  'channel.type_test_unsupported': {
    zh: '渠道类型 {type}（#{id}）不支持测试',
    en: 'Channel type {type} (#{id}) cannot be tested',
  },
  'channel.type_balance_unsupported': {
    zh: '渠道类型 {type}（#{id}）不支持查询余额',
    en: 'Channel type {type} (#{id}) does not report a balance',
  },
  'relay.channel_type_unsupported': {
    zh: '分组 {group} 下模型 {model} 的渠道类型 {types}不受本网关支持，无法转发',
    en: 'The channels for model {model} under group {group} are of a type this gateway cannot relay: {types}',
  },
  'relay.channel_pin_type_unsupported': {
    zh: '指定的渠道 #{channel} 的类型 {type}（#{id}）不受本网关支持，无法转发',
    en: 'Channel #{channel} is of type {type} (#{id}), which this gateway cannot relay',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
