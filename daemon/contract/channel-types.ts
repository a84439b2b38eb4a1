// Channel type ids (reference §6.4: new-api's numbering, not one-api's), as data the console imports for the
// type select, the key-format hint and the default base URL shown as a placeholder. Adding an OpenAI-compatible
// vendor is one row here (architecture §4.1).

/** What the free-form `other` field means for a type (reference §3.1). */
export type ChannelOtherKind = 'api_version' | 'version' | 'region' | 'plugin' | 'account_id' | 'knowledge_id';

export interface ChannelTypeInfo {
  id: number;
  /** Label in English. */
  name: string;
  /** Label in Chinese. */
  name_zh: string;
  /** Used when the channel's base_url is empty; '' means the admin must give one. */
  base_url: string;
  /** The shape of the key, shown as a hint ('' when any string goes). */
  key_format: string;
  /** Meaning of `other` for this type, with an example value. */
  other?: { kind: ChannelOtherKind; example: string };
  /** The `owned_by` of the known models (GET /api/channel/models) that suit this type. */
  vendor?: string;
  /** Kept for channels that already use it; not offered for new ones. */
  legacy?: boolean;
  /** The upstream reports a balance (GET /api/channel/update_balance), in this currency. */
  balance?: 'USD' | 'CNY';
}

const t = (
  id: number,
  name: string,
  name_zh: string,
  base_url: string,
  key_format = 'sk-…',
  extra: Partial<Pick<ChannelTypeInfo, 'other' | 'vendor' | 'legacy' | 'balance'>> = {},
): ChannelTypeInfo => ({ id, name, name_zh, base_url, key_format, ...extra });

export const CHANNEL_TYPES: readonly ChannelTypeInfo[] = [
  t(1, 'OpenAI', 'OpenAI', 'https://api.openai.com', 'sk-…', { vendor: 'openai', balance: 'USD' }),
  t(2, 'Midjourney Proxy', 'Midjourney Proxy', '', '', { vendor: 'midjourney' }),
  t(3, 'Azure OpenAI', 'Azure OpenAI', '', '', { vendor: 'openai', other: { kind: 'api_version', example: '2025-04-01-preview' } }),
  t(4, 'Ollama', 'Ollama', 'http://localhost:11434', ''),
  t(5, 'Midjourney Proxy Plus', 'Midjourney Proxy Plus', '', '', { vendor: 'midjourney' }),
  t(6, 'OpenAI Max (legacy)', 'OpenAI Max（旧）', 'https://api.openaimax.com', 'sk-…', { vendor: 'openai', legacy: true }),
  t(7, 'OhMyGPT (legacy)', 'OhMyGPT（旧）', 'https://api.ohmygpt.com', 'sk-…', { vendor: 'openai', legacy: true }),
  t(8, 'Custom channel', '自定义渠道', '', 'sk-…', { vendor: 'openai', balance: 'USD' }),
  t(9, 'AILS (legacy)', 'AILS（旧）', 'https://api.caipacity.com', 'sk-…', { vendor: 'openai', legacy: true }),
  t(10, 'AI Proxy (legacy)', 'AI Proxy（旧）', 'https://api.aiproxy.io', 'ap-…', { vendor: 'openai', legacy: true, balance: 'USD' }),
  t(11, 'Google PaLM2', 'Google PaLM2', '', 'AIza…', { vendor: 'google', legacy: true }),
  t(12, 'API2GPT (legacy)', 'API2GPT（旧）', 'https://api.api2gpt.com', 'sk-…', { vendor: 'openai', legacy: true, balance: 'USD' }),
  t(13, 'AIGC2D (legacy)', 'AIGC2D（旧）', 'https://api.aigc2d.com', 'sk-…', { vendor: 'openai', legacy: true, balance: 'USD' }),
  t(14, 'Anthropic Claude', 'Anthropic Claude', 'https://api.anthropic.com', 'sk-ant-…', { vendor: 'anthropic' }),
  t(15, 'Baidu ERNIE (Qianfan)', '百度文心千帆', 'https://aip.baidubce.com', 'APIKey|SecretKey', { vendor: 'baidu' }),
  t(16, 'Zhipu ChatGLM', '智谱 ChatGLM', 'https://open.bigmodel.cn', 'id.secret', { vendor: 'zhipu' }),
  t(17, 'Alibaba Qwen', '阿里通义千问', 'https://dashscope.aliyuncs.com', 'sk-…', { vendor: 'ali', other: { kind: 'plugin', example: 'web_search' } }),
  t(18, 'iFlytek Spark', '讯飞星火认知', '', 'APPID|APISecret|APIKey', { vendor: 'xunfei', other: { kind: 'version', example: 'v2.1' } }),
  t(19, '360 AI Brain', '360 智脑', 'https://ai.360.cn', 'fk…', { vendor: '360' }),
  t(20, 'OpenRouter', 'OpenRouter', 'https://openrouter.ai/api', 'sk-or-…', { vendor: 'openai', balance: 'USD' }),
  t(21, 'Knowledge base: AI Proxy', '知识库：AI Proxy', 'https://api.aiproxy.io', 'ap-…', { other: { kind: 'knowledge_id', example: '123' } }),
  t(22, 'Knowledge base: FastGPT', '知识库：FastGPT', 'https://fastgpt.run/api/openapi', 'APIKey-AppId'),
  t(23, 'Tencent Hunyuan', '腾讯混元', 'https://hunyuan.tencentcloudapi.com', 'AppId|SecretId|SecretKey', { vendor: 'tencent' }),
  t(24, 'Google Gemini', 'Google Gemini', 'https://generativelanguage.googleapis.com', 'AIza…', { vendor: 'google', other: { kind: 'api_version', example: 'v1beta' } }),
  t(25, 'Moonshot', 'Moonshot', 'https://api.moonshot.cn', 'sk-…', { vendor: 'moonshot', balance: 'CNY' }),
  t(26, 'Zhipu GLM-4V', '智谱 GLM-4V', 'https://open.bigmodel.cn', 'id.secret', { vendor: 'zhipu' }),
  t(27, 'Perplexity', 'Perplexity', 'https://api.perplexity.ai', 'pplx-…', { vendor: 'perplexity' }),
  t(31, '01.AI (Yi)', '零一万物', 'https://api.lingyiwanwu.com', 'sk-…', { vendor: 'lingyiwanwu' }),
  t(33, 'AWS Claude', 'AWS Claude', '', 'AccessKey|SecretAccessKey|Region', { vendor: 'anthropic' }),
  t(34, 'Cohere', 'Cohere', 'https://api.cohere.ai', '', { vendor: 'cohere' }),
  t(35, 'MiniMax', 'MiniMax', 'https://api.minimax.chat', '', { vendor: 'minimax' }),
  t(36, 'Suno API', 'Suno API', '', 'sk-…', { vendor: 'suno' }),
  t(37, 'Dify', 'Dify', 'https://api.dify.ai', 'app-…'),
  t(38, 'Jina', 'Jina', 'https://api.jina.ai', 'jina_…', { vendor: 'jina' }),
  t(39, 'Cloudflare', 'Cloudflare', 'https://api.cloudflare.com', '', { vendor: 'cloudflare', other: { kind: 'account_id', example: 'd6b5da8hk1awo8nap34ube6gh' } }),
  t(40, 'SiliconCloud', 'SiliconCloud', 'https://api.siliconflow.cn', 'sk-…', { vendor: 'siliconflow', balance: 'CNY' }),
  t(41, 'Vertex AI', 'Vertex AI', '', '{"type": "service_account", …}', { vendor: 'google', other: { kind: 'region', example: 'us-central1' } }),
  t(42, 'Mistral AI', 'Mistral AI', 'https://api.mistral.ai', '', { vendor: 'mistral' }),
  t(43, 'DeepSeek', 'DeepSeek', 'https://api.deepseek.com', 'sk-…', { vendor: 'deepseek', balance: 'CNY' }),
  t(44, 'Embeddings: MokaAI M3E', '嵌入模型：MokaAI M3E', 'https://api.moka.ai', '', { vendor: 'mokaai', other: { kind: 'version', example: 'v1' } }),
  t(45, 'Volcengine Ark (Doubao, DeepSeek)', '字节火山方舟、豆包、DeepSeek 通用', 'https://ark.cn-beijing.volces.com', '', { vendor: 'volcengine' }),
  t(46, 'Baidu Qianfan V2', '百度文心千帆 V2', 'https://qianfan.baidubce.com', 'bce-v3/…', { vendor: 'baidu' }),
  t(47, 'Xinference', 'Xinference', '', ''),
  t(48, 'xAI', 'xAI', 'https://api.x.ai', 'xai-…', { vendor: 'xai' }),
  t(49, 'Coze', '扣子 Coze', 'https://api.coze.cn', 'pat_…'),
  t(50, 'Kling', '可灵', 'https://api.klingai.com', 'AccessKey|SecretKey', { vendor: 'kling' }),
  t(51, 'Jimeng', '即梦', 'https://visual.volcengineapi.com', 'AccessKey|SecretKey', { vendor: 'jimeng' }),
  t(52, 'Vidu', 'Vidu', 'https://api.vidu.cn', ''),
  t(53, 'Submodel', 'Submodel', 'https://llm.submodel.ai', ''),
  t(54, 'Doubao Video', '豆包视频', 'https://ark.cn-beijing.volces.com', ''),
  t(55, 'Sora', 'Sora', 'https://api.openai.com', 'sk-…', { vendor: 'openai' }),
  t(56, 'Replicate', 'Replicate', 'https://api.replicate.com', 'r8_…'),
  t(57, 'Codex', 'Codex', 'https://chatgpt.com', ''),
];

const byId = new Map(CHANNEL_TYPES.map((c) => [c.id, c]));

export const channelType = (id: number): ChannelTypeInfo | undefined => byId.get(id);
export const isChannelType = (id: number): boolean => byId.has(id);
/** The base URL a channel calls: its own, else its type's default. */
export const effectiveBaseUrl = (type: number, baseUrl: string): string => baseUrl || byId.get(type)?.base_url || '';

/** Types whose `other` defaults to a value when left empty (spec 3 §5: type 18 → v2.1). */
export const CHANNEL_OTHER_DEFAULTS: Readonly<Record<number, string>> = { 18: 'v2.1' };
