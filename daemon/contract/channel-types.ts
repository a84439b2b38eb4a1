// Channel type ids (reference §6.4: new-api's numbering, not one-api's), as data the daemon and the console share:
// the type select, the key-format hint, the default base URL shown as a placeholder, which provider family of
// this gateway relays the type (daemon/providers/registry.ts; a test keeps the two in step) and which management
// calls the type offers. Adding an OpenAI-compatible vendor is one row here plus one in providers/openai/vendors.ts
// (architecture §4.1). Id 0 is new-api's "unknown" sentinel and 28-30, 32 are unused: none of them is a type.

/** What the free-form `other` field means for a type (reference §3.1). */
export type ChannelOtherKind = 'api_version' | 'version' | 'region' | 'plugin' | 'account_id' | 'knowledge_id';

/** A provider family of this gateway (providers/<id>/, its ProviderFamily.id). */
export type ChannelFamilyId = 'openai' | 'azure' | 'anthropic' | 'gemini';

export interface ChannelTypeInfo {
  id: number;
  /** Label in English. */
  name: string;
  /** Label in Chinese. */
  name_zh: string;
  /** Used when the channel's base_url is empty; '' means the admin must give one (or the type needs none). */
  base_url: string;
  /** An example for types without a default base URL, shown as the placeholder. */
  base_url_example?: string;
  /** The base URL is the full request URL, used as given (`{model}` replaced); nothing is appended. */
  base_url_as_given?: boolean;
  /** The shape of the key, shown as a hint ('' when any string goes). */
  key_format: string;
  /** Meaning of `other` for this type, with an example value and the value used when it is left empty. */
  other?: { kind: ChannelOtherKind; example: string; default?: string };
  /** The family that relays this type; null: this gateway cannot relay it (channels may be kept, calls are refused). */
  family: ChannelFamilyId | null;
  /** The upstream lists its models (GET /api/channel/fetch_models). */
  fetch_models: boolean;
  /** The upstream reports a balance (GET /api/channel/update_balance), in this currency. */
  balance?: 'USD' | 'CNY';
  /** The `owned_by` of the known models (GET /api/channel/models) that suit this type. */
  vendor?: string;
  /** Kept for channels that already use it; listed last in the type select. */
  legacy?: boolean;
}

/** Azure's api-version when the channel's `other` is empty (new-api's AZURE_DEFAULT_API_VERSION). */
export const AZURE_DEFAULT_API_VERSION = '2024-12-01-preview';

type Extra = Partial<Omit<ChannelTypeInfo, 'id' | 'name' | 'name_zh' | 'base_url' | 'key_format' | 'family'>>;

/** One row: id, English and Chinese names, default base URL, key format, relaying family, the rest. */
const t = (
  id: number,
  name: string,
  name_zh: string,
  base_url: string,
  key_format: string,
  family: ChannelFamilyId | null,
  extra: Extra = {},
): ChannelTypeInfo => ({ id, name, name_zh, base_url, key_format, family, fetch_models: false, ...extra });

const OPENAI = 'openai';

export const CHANNEL_TYPES: readonly ChannelTypeInfo[] = [
  t(1, 'OpenAI', 'OpenAI', 'https://api.openai.com', 'sk-…', OPENAI, { vendor: 'openai', fetch_models: true, balance: 'USD' }),
  t(2, 'Midjourney Proxy', 'Midjourney Proxy', '', 'mj-api-secret', null, { vendor: 'midjourney', base_url_example: 'https://mj-proxy.example.com' }),
  t(3, 'Azure OpenAI', 'Azure OpenAI', '', 'key', 'azure', {
    vendor: 'openai', fetch_models: true, base_url_example: 'https://your-resource.openai.azure.com',
    other: { kind: 'api_version', example: '2025-04-01-preview', default: AZURE_DEFAULT_API_VERSION },
  }),
  t(4, 'Ollama', 'Ollama', 'http://localhost:11434', '', OPENAI, { fetch_models: true }),
  t(5, 'Midjourney Proxy Plus', 'Midjourney Proxy Plus', '', 'mj-api-secret', null, { vendor: 'midjourney', base_url_example: 'https://mj-proxy.example.com' }),
  t(6, 'OpenAI Max (legacy)', 'OpenAI Max（旧）', 'https://api.openaimax.com', 'sk-…', OPENAI, { vendor: 'openai', legacy: true }),
  t(7, 'OhMyGPT (legacy)', 'OhMyGPT（旧）', 'https://api.ohmygpt.com', 'sk-…', OPENAI, { vendor: 'openai', legacy: true }),
  t(8, 'Custom channel', '自定义渠道', '', 'sk-…', OPENAI, {
    vendor: 'openai', balance: 'USD', base_url_as_given: true, base_url_example: 'https://api.example.com/v1/chat/completions',
  }),
  t(9, 'AILS (legacy)', 'AILS（旧）', 'https://api.caipacity.com', 'sk-…', OPENAI, { vendor: 'openai', legacy: true }),
  t(10, 'AI Proxy (legacy)', 'AI Proxy（旧）', 'https://api.aiproxy.io', 'ap-…', OPENAI, { vendor: 'openai', legacy: true, balance: 'USD' }),
  t(11, 'Google PaLM2 (legacy)', 'Google PaLM2（旧）', '', 'AIza…', null, { vendor: 'google', legacy: true }),
  t(12, 'API2GPT (legacy)', 'API2GPT（旧）', 'https://api.api2gpt.com', 'sk-…', OPENAI, { vendor: 'openai', legacy: true, balance: 'USD' }),
  t(13, 'AIGC2D (legacy)', 'AIGC2D（旧）', 'https://api.aigc2d.com', 'sk-…', OPENAI, { vendor: 'openai', legacy: true, balance: 'USD' }),
  t(14, 'Anthropic Claude', 'Anthropic Claude', 'https://api.anthropic.com', 'sk-ant-…', 'anthropic', { vendor: 'anthropic', fetch_models: true }),
  t(15, 'Baidu ERNIE (Qianfan)', '百度文心千帆', 'https://aip.baidubce.com', 'APIKey|SecretKey', null, { vendor: 'baidu' }),
  t(16, 'Zhipu ChatGLM (deprecated)', '智谱 ChatGLM（已弃用）', 'https://open.bigmodel.cn', 'id.secret', null, { vendor: 'zhipu', legacy: true }),
  t(17, 'Alibaba Qwen', '阿里通义千问', 'https://dashscope.aliyuncs.com', 'sk-…', OPENAI, {
    vendor: 'ali', fetch_models: true, other: { kind: 'plugin', example: 'web_search' },
  }),
  t(18, 'iFlytek Spark', '讯飞星火认知', '', 'APPID|APISecret|APIKey', null, { vendor: 'xunfei', other: { kind: 'version', example: 'v2.1', default: 'v2.1' } }),
  t(19, '360 AI Brain', '360 智脑', 'https://api.360.cn', 'fk…', OPENAI, { vendor: '360' }),
  t(20, 'OpenRouter', 'OpenRouter', 'https://openrouter.ai/api', 'sk-or-…', OPENAI, { vendor: 'openai', fetch_models: true, balance: 'USD' }),
  t(21, 'Knowledge base: AI Proxy', '知识库：AI Proxy', 'https://api.aiproxy.io', 'ap-…', null, { other: { kind: 'knowledge_id', example: '123' } }),
  t(22, 'Knowledge base: FastGPT', '知识库：FastGPT', 'https://fastgpt.run/api/openapi', 'APIKey-AppId', OPENAI),
  t(23, 'Tencent Hunyuan', '腾讯混元', 'https://hunyuan.tencentcloudapi.com', 'AppId|SecretId|SecretKey', null, { vendor: 'tencent' }),
  t(24, 'Google Gemini', 'Google Gemini', 'https://generativelanguage.googleapis.com', 'AIza…', 'gemini', {
    vendor: 'google', fetch_models: true, other: { kind: 'api_version', example: 'v1beta' },
  }),
  t(25, 'Moonshot', 'Moonshot', 'https://api.moonshot.cn', 'sk-…', OPENAI, { vendor: 'moonshot', fetch_models: true, balance: 'CNY' }),
  t(26, 'Zhipu GLM-4V', '智谱 GLM-4V', 'https://open.bigmodel.cn', 'id.secret', OPENAI, { vendor: 'zhipu', fetch_models: true }),
  t(27, 'Perplexity', 'Perplexity', 'https://api.perplexity.ai', 'pplx-…', OPENAI, { vendor: 'perplexity', fetch_models: true }),
  t(31, '01.AI (Yi)', '零一万物', 'https://api.lingyiwanwu.com', 'sk-…', OPENAI, { vendor: 'lingyiwanwu', fetch_models: true }),
  t(33, 'AWS Claude', 'AWS Claude', '', 'AK|SK|Region', null, { vendor: 'anthropic' }),
  t(34, 'Cohere', 'Cohere', 'https://api.cohere.ai', '', null, { vendor: 'cohere' }),
  t(35, 'MiniMax', 'MiniMax', 'https://api.minimax.chat', '', null, { vendor: 'minimax' }),
  t(36, 'Suno API', 'Suno API', '', 'sk-…', null, { vendor: 'suno', base_url_example: 'https://suno-api.example.com' }),
  t(37, 'Dify', 'Dify', 'https://api.dify.ai', 'app-…', null),
  t(38, 'Jina', 'Jina', 'https://api.jina.ai', 'jina_…', OPENAI, { vendor: 'jina' }),
  t(39, 'Cloudflare', 'Cloudflare', 'https://api.cloudflare.com', '', OPENAI, {
    vendor: 'cloudflare', other: { kind: 'account_id', example: 'd6b5da8hk1awo8nap34ube6gh' },
  }),
  t(40, 'SiliconCloud', 'SiliconCloud', 'https://api.siliconflow.cn', 'sk-…', OPENAI, { vendor: 'siliconflow', fetch_models: true, balance: 'CNY' }),
  t(41, 'Vertex AI', 'Vertex AI', '', '{"type": "service_account", …}', null, { vendor: 'google', other: { kind: 'region', example: 'us-central1' } }),
  t(42, 'Mistral AI', 'Mistral AI', 'https://api.mistral.ai', '', OPENAI, { vendor: 'mistral', fetch_models: true }),
  t(43, 'DeepSeek', 'DeepSeek', 'https://api.deepseek.com', 'sk-…', OPENAI, { vendor: 'deepseek', fetch_models: true, balance: 'CNY' }),
  t(44, 'Embeddings: MokaAI M3E', '嵌入模型：MokaAI M3E', 'https://api.moka.ai', '', null, { vendor: 'mokaai', other: { kind: 'version', example: 'v1' } }),
  t(45, 'Volcengine Ark (Doubao, DeepSeek)', '字节火山方舟、豆包、DeepSeek 通用', 'https://ark.cn-beijing.volces.com', '', OPENAI, { vendor: 'volcengine' }),
  t(46, 'Baidu Qianfan V2', '百度文心千帆 V2', 'https://qianfan.baidubce.com', 'bce-v3/…', OPENAI, { vendor: 'baidu' }),
  t(47, 'Xinference', 'Xinference', '', '', OPENAI, { fetch_models: true, base_url_example: 'http://localhost:9997' }),
  t(48, 'xAI', 'xAI', 'https://api.x.ai', 'xai-…', OPENAI, { vendor: 'xai', fetch_models: true }),
  t(49, 'Coze', '扣子 Coze', 'https://api.coze.cn', 'pat_…', null),
  t(50, 'Kling', '可灵', 'https://api.klingai.com', 'AccessKey|SecretKey', null, { vendor: 'kling' }),
  t(51, 'Jimeng', '即梦', 'https://visual.volcengineapi.com', 'AccessKey|SecretAccessKey', null, { vendor: 'jimeng' }),
  t(52, 'Vidu', 'Vidu', 'https://api.vidu.cn', '', null),
  t(53, 'Submodel', 'Submodel', 'https://llm.submodel.ai', '', OPENAI),
  t(54, 'Doubao Video', '豆包视频', 'https://ark.cn-beijing.volces.com', '', null),
  t(55, 'Sora', 'Sora', 'https://api.openai.com', 'sk-…', null, { vendor: 'openai' }),
  t(56, 'Replicate', 'Replicate', 'https://api.replicate.com', 'r8_…', null),
  t(57, 'Codex (OpenAI OAuth)', 'Codex（OpenAI OAuth）', 'https://chatgpt.com', '{"access_token": …, "account_id": …}', null),
];

const byId = new Map(CHANNEL_TYPES.map((c) => [c.id, c]));

export const channelType = (id: number): ChannelTypeInfo | undefined => byId.get(id);
export const isChannelType = (id: number): boolean => byId.has(id);
/** The base URL a channel calls: its own, else its type's default. */
export const effectiveBaseUrl = (type: number, baseUrl: string): string => baseUrl || byId.get(type)?.base_url || '';
/** This gateway can relay calls to a channel of this type. */
export const isRelayedType = (id: number): boolean => !!byId.get(id)?.family;
/** "DeepSeek (43)" in the asked language; "#99" for an unknown id. */
export function channelTypeLabel(id: number, lang: 'zh' | 'en'): string {
  const info = byId.get(id);
  if (!info) return `#${id}`;
  return `${lang === 'zh' ? info.name_zh : info.name} (${id})`;
}

/** Types whose `other` takes a value when left empty on save (spec 3 §5: type 18 → v2.1). */
export const CHANNEL_OTHER_DEFAULTS: Readonly<Record<number, string>> = { 18: 'v2.1' };
