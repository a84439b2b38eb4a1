// TypeBox schemas for request validation (daemon only; the console imports the plain types beside them).
import { Type, type TSchema } from 'typebox';
import { MAX_PAGE_SIZE } from './paging.js';
import { CONTENT_PREVIEW_MAX } from './content.js';

export const EnvelopeSchema = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Boolean(), message: Type.String(), data: Type.Optional(data) });

export const PageQuerySchema = Type.Object({
  p: Type.Optional(Type.Integer({ minimum: 0 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
});

export const SetupRequestSchema = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 64 })),
  password: Type.Optional(Type.String({ maxLength: 128 })),
  confirmPassword: Type.Optional(Type.String({ maxLength: 128 })),
  SelfUseModeEnabled: Type.Optional(Type.Boolean()),
  DemoSiteEnabled: Type.Optional(Type.Boolean()),
});

export const LoginRequestSchema = Type.Object({
  username: Type.String({ maxLength: 128 }),
  password: Type.String({ maxLength: 128 }),
});

const optInt = (min = 0) => Type.Optional(Type.Integer({ minimum: min }));
const optStr = Type.Optional(Type.String({ maxLength: 255 }));

export const LogQuerySchema = Type.Object({
  p: optInt(),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  type: optInt(),
  username: optStr,
  token_name: optStr,
  model_name: optStr,
  start_timestamp: optInt(),
  end_timestamp: optInt(),
  user_id: optInt(),
  channel: optInt(),
  group: optStr,
  /** /api/log/agent: all sub-users' logs instead of the agent's own (the other views ignore it). */
  all_users: Type.Optional(Type.Boolean()),
});

export const LogClearQuerySchema = Type.Object({ target_timestamp: Type.Optional(Type.Integer({ minimum: 0 })) });

/** PUT /api/option/ (spec 2 §7); the option service checks key and value and answers with a readable message. */
export const OptionUpdateSchema = Type.Object({
  key: Type.String({ maxLength: 128 }),
  value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
});

// Tokens (spec 3 §7 "Tokens"). Bounds here only stop junk; the service gives the readable messages.
const TokenFieldsSchema = {
  remain_quota: Type.Optional(Type.Integer()),
  expired_time: Type.Optional(Type.Integer()),
  unlimited_quota: Type.Optional(Type.Boolean()),
  model_limits_enabled: Type.Optional(Type.Boolean()),
  model_limits: Type.Optional(Type.String({ maxLength: 65536 })),
  allow_ips: Type.Optional(Type.String({ maxLength: 65536 })),
  group: Type.Optional(Type.String({ maxLength: 256 })),
  mj_proxy: Type.Optional(Type.String({ maxLength: 256 })),
  mj_model: Type.Optional(Type.String({ maxLength: 256 })),
  mj_proxy_url: Type.Optional(Type.String({ maxLength: 4096 })),
};

export const TokenCreateSchema = Type.Object({
  name: Type.String({ maxLength: 256 }),
  ...TokenFieldsSchema,
  count: Type.Optional(Type.Integer()),
});

export const TokenUpdateSchema = Type.Object({
  id: Type.Integer(),
  name: Type.Optional(Type.String({ maxLength: 256 })),
  status: Type.Optional(Type.Integer()),
  ...TokenFieldsSchema,
});

export const TokenUpdateQuerySchema = Type.Object({ status_only: Type.Optional(Type.String({ maxLength: 16 })) });

export const TokenListQuerySchema = Type.Object({
  p: Type.Optional(Type.Integer()),
  size: Type.Optional(Type.Integer()),
});

export const TokenSearchQuerySchema = Type.Object({
  p: Type.Optional(Type.Integer()),
  size: Type.Optional(Type.Integer()),
  keyword: Type.Optional(Type.String({ maxLength: 256 })),
  token: Type.Optional(Type.String({ maxLength: 256 })),
});

export const TokenIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

// Channels (spec 3 §7). Bounds that need a spec message (priority, weight, JSON fields) are checked by the service.
const NameListSchema = Type.Union([Type.String({ maxLength: 200_000 }), Type.Array(Type.String({ maxLength: 255 }), { maxItems: 5000 })]);
const channelFields = {
  name: Type.Optional(Type.String({ maxLength: 255 })),
  type: Type.Optional(Type.Integer()),
  key: Type.Optional(Type.String({ maxLength: 1_000_000 })),
  openai_organization: Type.Optional(Type.String({ maxLength: 255 })),
  test_model: Type.Optional(Type.String({ maxLength: 255 })),
  status: Type.Optional(Type.Integer()),
  weight: Type.Optional(Type.Number()),
  base_url: Type.Optional(Type.String({ maxLength: 512 })),
  other: Type.Optional(Type.String({ maxLength: 65_535 })),
  models: Type.Optional(NameListSchema),
  group: Type.Optional(NameListSchema),
  groups: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 200 })),
  model_mapping: Type.Optional(Type.String({ maxLength: 200_000 })),
  status_code_mapping: Type.Optional(Type.String({ maxLength: 65_535 })),
  priority: Type.Optional(Type.Number()),
  auto_ban: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  other_info: Type.Optional(Type.String({ maxLength: 65_535 })),
  tag: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  setting: Type.Optional(Type.String({ maxLength: 65_535 })),
  param_override: Type.Optional(Type.String({ maxLength: 200_000 })),
  max_input_tokens: Type.Optional(Type.Integer({ minimum: 0 })),
  mj_type: Type.Optional(Type.String({ maxLength: 32 })),
};
export const ChannelCreateSchema = Type.Object(channelFields);
export const ChannelUpdateSchema = Type.Object({ id: Type.Integer({ minimum: 1 }), ...channelFields });
export const ChannelIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const ChannelListQuerySchema = Type.Object({
  p: Type.Optional(Type.Integer({ minimum: 0 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  id_sort: Type.Optional(Type.Boolean()),
  tag_mode: Type.Optional(Type.Boolean()),
});
export const ChannelSearchQuerySchema = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 255 })),
  group: Type.Optional(Type.String({ maxLength: 64 })),
  model: Type.Optional(Type.String({ maxLength: 255 })),
  id_sort: Type.Optional(Type.Boolean()),
  tag_mode: Type.Optional(Type.Boolean()),
});
export const ChannelTestQuerySchema = Type.Object({ model: Type.Optional(Type.String({ maxLength: 255 })) });
export const ChannelIdsSchema = Type.Object({ ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000 }) });
export const ChannelTagSchema = Type.Object({ tag: Type.String({ maxLength: 255 }) });
export const ChannelBatchTagSchema = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000 }),
  tag: Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
});
export const ChannelTagEditSchema = Type.Object({
  tag: Type.String({ maxLength: 255 }),
  new_tag: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  model_mapping: Type.Optional(Type.Union([Type.String({ maxLength: 200_000 }), Type.Null()])),
  models: Type.Optional(Type.Union([NameListSchema, Type.Null()])),
  groups: Type.Optional(Type.Union([NameListSchema, Type.Null()])),
  priority: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  weight: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
});
export const ChannelFetchModelsSchema = Type.Object({
  base_url: Type.Optional(Type.String({ maxLength: 512 })),
  type: Type.Integer(),
  key: Type.String({ maxLength: 1_000_000 }),
  other: Type.Optional(Type.String({ maxLength: 65_535 })),
});

// Registration, e-mail codes, password reset (contract/account.ts). Loose on purpose: the services check each field
// and answer with a message people can read.
const field = (max: number) => Type.Optional(Type.String({ maxLength: max }));
export const TurnstileQuerySchema = Type.Object({ turnstile: field(4096) });
export const EmailQuerySchema = Type.Object({ email: field(255), turnstile: field(4096) });
export const RegisterRequestSchema = Type.Object({
  username: field(128),
  password: field(128),
  password2: field(128),
  email: field(255),
  verification_code: field(64),
  aff_code: field(64),
});
export const PasswordResetConfirmSchema = Type.Object({ email: field(255), token: field(128) });

export const ContentPreviewSchema = Type.Object({
  text: Type.String({ maxLength: CONTENT_PREVIEW_MAX }),
  page: Type.Optional(Type.Boolean()),
});

// The signed-in user's own account (contract/self.ts). Loose on purpose: the self service checks each field and
// answers with a message people can read.
export const SelfUpdateSchema = Type.Object({
  display_name: Type.Optional(Type.String({ maxLength: 256 })),
  original_password: Type.Optional(Type.String({ maxLength: 128 })),
  password: Type.Optional(Type.String({ maxLength: 128 })),
});
export const AffTransferSchema = Type.Object({ quota: Type.Number() });
export const NotifySettingsSchema = Type.Object({
  notify_type: Type.String({ maxLength: 64 }),
  quota_warning_threshold: Type.Number(),
  webhook_url: Type.Optional(Type.String({ maxLength: 8192 })),
  // a string or null; not a Union, which ajv's type coercion would turn null into '' (or '' into null)
  webhook_secret: Type.Optional(Type.Unknown()),
  notification_email: Type.Optional(Type.String({ maxLength: 1024 })),
});

// Agent administration (contract/agents.ts). Ids stay Unknown: ajv's coercion would turn a missing-but-sent null or
// '' into 0, and 0 is a meaningful parent id; the service reads them and answers with the spec's messages.
export const AddAgentSchema = Type.Object({
  agent_id: Type.Optional(Type.Unknown()),
  domain: Type.Optional(Type.Unknown()),
  referrer_id: Type.Optional(Type.Unknown()),
});
export const AgentSearchQuerySchema = Type.Object({
  user_id: Type.Optional(Type.Integer({ minimum: 0 })),
  p: Type.Optional(Type.Integer({ minimum: 0 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
});
