// Who makes a model, for the pricing page's vendor tabs: first from the model's name (a name says more than the
// channel serving it: an aggregator serves every maker's models), else from the channel type when that type is the
// maker's own API. Pure data and two lookups.
import type { PricingVendor } from '../../contract/pricing.js';

/** Every vendor, in tab order. `icon`: a monogram the console draws. */
export const VENDORS: readonly PricingVendor[] = [
  { key: 'openai', name: 'OpenAI', icon: 'AI' },
  { key: 'anthropic', name: 'Anthropic', icon: 'A' },
  { key: 'google', name: 'Google', icon: 'G' },
  { key: 'deepseek', name: 'DeepSeek', icon: 'DS' },
  { key: 'xai', name: 'xAI', icon: 'X' },
  { key: 'mistral', name: 'Mistral', icon: 'M' },
  { key: 'meta', name: 'Meta', icon: 'Me' },
  { key: 'ali', name: 'Alibaba Qwen', icon: 'Q' },
  { key: 'zhipu', name: 'Zhipu', icon: 'Z' },
  { key: 'moonshot', name: 'Moonshot', icon: 'K' },
  { key: 'volcengine', name: 'ByteDance Doubao', icon: 'D' },
  { key: 'baidu', name: 'Baidu', icon: 'B' },
  { key: 'tencent', name: 'Tencent', icon: 'T' },
  { key: 'xunfei', name: 'iFlytek', icon: 'IF' },
  { key: 'minimax', name: 'MiniMax', icon: 'MM' },
  { key: 'lingyiwanwu', name: '01.AI', icon: '01' },
  { key: '360', name: '360', icon: '36' },
  { key: 'cohere', name: 'Cohere', icon: 'C' },
  { key: 'perplexity', name: 'Perplexity', icon: 'P' },
  { key: 'jina', name: 'Jina', icon: 'J' },
  { key: 'cloudflare', name: 'Cloudflare', icon: 'CF' },
  { key: 'midjourney', name: 'Midjourney', icon: 'MJ' },
  { key: 'suno', name: 'Suno', icon: 'S' },
  { key: 'kling', name: 'Kling', icon: 'KL' },
  { key: 'jimeng', name: 'Jimeng', icon: 'JM' },
];

const BY_KEY = new Map(VENDORS.map((v) => [v.key, v]));
export const vendorByKey = (key: string): PricingVendor | undefined => BY_KEY.get(key);

/** [pattern on the lower-cased name, vendor]; the first match wins, so narrower patterns come first. */
const NAME_RULES: ReadonlyArray<[RegExp, string]> = [
  [/^(gpt-|chatgpt-|o[1-9](-|$)|dall-e|whisper|tts-|text-embedding-(ada|3)|text-moderation|omni-moderation|davinci|babbage|codex-|sora)/, 'openai'],
  [/^claude/, 'anthropic'],
  [/^(gemini|gemma|imagen|veo|palm|text-embedding-004|learnlm)/, 'google'],
  [/^deepseek/, 'deepseek'],
  [/^grok/, 'xai'],
  [/^(mistral|mixtral|codestral|pixtral|ministral|magistral|devstral|open-mistral)/, 'mistral'],
  [/^(llama|meta-llama|codellama)/, 'meta'],
  [/^(qwen|qwq|qvq)/, 'ali'],
  [/^(glm|chatglm|cogview|cogvideo|codegeex)/, 'zhipu'],
  [/^(moonshot|kimi)/, 'moonshot'],
  [/^(doubao|seed)/, 'volcengine'],
  [/^ernie/, 'baidu'],
  [/^hunyuan/, 'tencent'],
  [/^(spark|generalv|4\.0ultra)/, 'xunfei'],
  [/^(abab|minimax)/, 'minimax'],
  [/^yi-/, 'lingyiwanwu'],
  [/^360/, '360'],
  [/^(command|c4ai|embed-(english|multilingual)|rerank-(english|multilingual))/, 'cohere'],
  [/^(sonar|pplx)/, 'perplexity'],
  [/^jina/, 'jina'],
  [/^@cf\//, 'cloudflare'],
  [/^(mj_|midjourney|swap_face)/, 'midjourney'],
  [/^(suno|chirp)/, 'suno'],
  [/^kling/, 'kling'],
  [/^jimeng/, 'jimeng'],
];

/** Organisation prefixes of "org/model" names (SiliconFlow, OpenRouter, Hugging Face style). */
const ORG_RULES: Readonly<Record<string, string>> = {
  openai: 'openai', anthropic: 'anthropic', google: 'google', 'deepseek-ai': 'deepseek', deepseek: 'deepseek',
  'x-ai': 'xai', mistralai: 'mistral', 'meta-llama': 'meta', qwen: 'ali', thudm: 'zhipu', 'zai-org': 'zhipu',
  'moonshotai': 'moonshot', '01-ai': 'lingyiwanwu', cohere: 'cohere', perplexity: 'perplexity', minimaxai: 'minimax',
  'bytedance-seed': 'volcengine', 'tencent': 'tencent', baidu: 'baidu',
};

const byName = (name: string): string | undefined => NAME_RULES.find(([re]) => re.test(name))?.[1];

/** The vendor key a model's name points at, or undefined. */
export function vendorOfModel(model: string): string | undefined {
  const lower = model.trim().toLowerCase();
  if (lower.startsWith('@cf/')) return 'cloudflare';
  const slash = lower.lastIndexOf('/');
  if (slash < 0) return byName(lower);
  return byName(lower.slice(slash + 1)) ?? ORG_RULES[lower.slice(0, lower.indexOf('/'))];
}

/** Channel types that are a maker's own API (contract/channel-types.ts ids); aggregators are left out. */
const TYPE_VENDOR: Readonly<Record<number, string>> = {
  1: 'openai', 2: 'midjourney', 3: 'openai', 5: 'midjourney', 11: 'google', 14: 'anthropic', 15: 'baidu', 16: 'zhipu',
  17: 'ali', 18: 'xunfei', 19: '360', 23: 'tencent', 24: 'google', 25: 'moonshot', 26: 'zhipu', 27: 'perplexity',
  31: 'lingyiwanwu', 33: 'anthropic', 34: 'cohere', 35: 'minimax', 36: 'suno', 38: 'jina', 41: 'google', 42: 'mistral',
  43: 'deepseek', 45: 'volcengine', 46: 'baidu', 48: 'xai', 50: 'kling', 51: 'jimeng',
};

export const vendorOfChannelType = (type: number): string | undefined => TYPE_VENDOR[type];

/** The model's vendor: its name first, else the first of the serving channel types that is a maker's API; '' when neither. */
export function vendorOf(model: string, channelTypes: readonly number[]): string {
  const named = vendorOfModel(model);
  if (named) return named;
  for (const t of channelTypes) {
    const v = vendorOfChannelType(t);
    if (v) return v;
  }
  return '';
}
