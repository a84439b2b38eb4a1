// The built-in model list of GET /api/channel/models (reference §1.2: new-api's OpenAI-style list), as data.
// `owned_by` matches the `vendor` of contract/channel-types.ts, so the form can fill in a type's models.
import type { KnownModel } from '../../contract/channel.js';

const BY_VENDOR: Readonly<Record<string, readonly string[]>> = {
  openai: [
    'gpt-3.5-turbo', 'gpt-3.5-turbo-0125', 'gpt-3.5-turbo-1106', 'gpt-3.5-turbo-16k', 'gpt-3.5-turbo-instruct',
    'gpt-4', 'gpt-4-0613', 'gpt-4-32k', 'gpt-4-turbo', 'gpt-4-turbo-2024-04-09', 'gpt-4-turbo-preview',
    'gpt-4-vision-preview', 'gpt-4o', 'gpt-4o-2024-05-13', 'gpt-4o-2024-08-06', 'gpt-4o-2024-11-20', 'gpt-4o-mini',
    'gpt-4o-mini-2024-07-18', 'chatgpt-4o-latest', 'gpt-4o-audio-preview', 'gpt-4o-realtime-preview',
    'gpt-4o-mini-realtime-preview', 'gpt-4o-search-preview', 'gpt-4o-mini-search-preview', 'gpt-4.1', 'gpt-4.1-mini',
    'gpt-4.1-nano', 'gpt-4.5-preview', 'gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'gpt-5-chat-latest', 'o1', 'o1-mini',
    'o1-preview', 'o1-pro', 'o3', 'o3-mini', 'o3-pro', 'o4-mini', 'codex-mini-latest', 'text-embedding-ada-002',
    'text-embedding-3-small', 'text-embedding-3-large', 'text-moderation-latest', 'text-moderation-stable',
    'omni-moderation-latest', 'dall-e-2', 'dall-e-3', 'gpt-image-1', 'whisper-1', 'tts-1', 'tts-1-hd',
    'tts-1-1106', 'tts-1-hd-1106', 'gpt-4o-transcribe', 'gpt-4o-mini-transcribe', 'gpt-4o-mini-tts', 'babbage-002',
    'davinci-002',
  ],
  anthropic: [
    'claude-instant-1.2', 'claude-2.0', 'claude-2.1', 'claude-3-haiku-20240307', 'claude-3-sonnet-20240229',
    'claude-3-opus-20240229', 'claude-3-5-haiku-20241022', 'claude-3-5-sonnet-20240620', 'claude-3-5-sonnet-20241022',
    'claude-3-7-sonnet-20250219', 'claude-3-7-sonnet-20250219-thinking', 'claude-sonnet-4-20250514',
    'claude-opus-4-20250514', 'claude-opus-4-1-20250805',
  ],
  google: [
    'gemini-1.5-pro', 'gemini-1.5-flash', 'gemini-1.5-flash-8b', 'gemini-2.0-flash', 'gemini-2.0-flash-lite',
    'gemini-2.0-flash-thinking-exp', 'gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.5-flash-lite',
    'text-embedding-004', 'gemini-embedding-001', 'imagen-3.0-generate-002',
  ],
  deepseek: ['deepseek-chat', 'deepseek-reasoner', 'deepseek-coder'],
  xai: ['grok-2', 'grok-2-vision', 'grok-3', 'grok-3-mini', 'grok-4', 'grok-beta'],
  mistral: [
    'open-mistral-7b', 'open-mixtral-8x7b', 'open-mixtral-8x22b', 'mistral-small-latest', 'mistral-medium-latest',
    'mistral-large-latest', 'codestral-latest', 'pixtral-large-latest', 'mistral-embed',
  ],
  moonshot: ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k', 'kimi-k2-0711-preview', 'kimi-latest'],
  zhipu: ['glm-4', 'glm-4-plus', 'glm-4-air', 'glm-4-airx', 'glm-4-flash', 'glm-4v', 'glm-4v-plus', 'glm-4.5', 'glm-4.5-air', 'embedding-3', 'cogview-3'],
  ali: ['qwen-turbo', 'qwen-plus', 'qwen-max', 'qwen-max-longcontext', 'qwen-long', 'qwen-vl-plus', 'qwen-vl-max', 'qwq-32b', 'qwen3-235b-a22b', 'text-embedding-v1', 'text-embedding-v3'],
  baidu: ['ERNIE-4.0-8K', 'ERNIE-4.0-Turbo-8K', 'ERNIE-3.5-8K', 'ERNIE-Speed-128K', 'ERNIE-Lite-8K', 'ERNIE-Tiny-8K', 'Embedding-V1', 'ernie-4.5-turbo-128k', 'ernie-x1-turbo-32k'],
  xunfei: ['SparkDesk', 'SparkDesk-v1.1', 'SparkDesk-v2.1', 'SparkDesk-v3.1', 'SparkDesk-v3.5', 'SparkDesk-v4.0'],
  tencent: ['hunyuan-lite', 'hunyuan-standard', 'hunyuan-standard-256K', 'hunyuan-pro', 'hunyuan-turbo', 'hunyuan-embedding'],
  '360': ['360GPT_S2_V9', 'embedding-bert-512-v1', 'embedding_s1_v1', 'semantic_similarity_s1_v1'],
  minimax: ['abab6.5-chat', 'abab6.5s-chat', 'abab6-chat', 'abab5.5-chat', 'abab5.5s-chat', 'MiniMax-Text-01'],
  lingyiwanwu: ['yi-large', 'yi-medium', 'yi-vision', 'yi-medium-200k', 'yi-spark', 'yi-large-rag', 'yi-large-turbo', 'yi-lightning'],
  perplexity: ['sonar', 'sonar-pro', 'sonar-reasoning', 'sonar-reasoning-pro', 'sonar-deep-research'],
  cohere: ['command', 'command-r', 'command-r-plus', 'command-light', 'command-a-03-2025', 'rerank-english-v3.0', 'rerank-multilingual-v3.0'],
  jina: ['jina-clip-v1', 'jina-reranker-v2-base-multilingual', 'jina-embeddings-v3'],
  cloudflare: ['@cf/meta/llama-3.1-8b-instruct', '@cf/meta/llama-3.3-70b-instruct-fp8-fast', '@cf/baai/bge-base-en-v1.5'],
  siliconflow: ['deepseek-ai/DeepSeek-V3', 'deepseek-ai/DeepSeek-R1', 'Qwen/Qwen2.5-72B-Instruct', 'Qwen/Qwen2.5-7B-Instruct', 'BAAI/bge-m3'],
  volcengine: ['doubao-pro-32k', 'doubao-pro-128k', 'doubao-lite-32k', 'doubao-1.5-pro-32k', 'doubao-seed-1.6', 'doubao-embedding'],
  mokaai: ['m3e-large', 'm3e-base', 'm3e-small'],
  midjourney: [
    'mj_imagine', 'mj_variation', 'mj_reroll', 'mj_blend', 'mj_upscale', 'mj_describe', 'mj_zoom', 'mj_shorten',
    'mj_modal', 'mj_inpaint', 'mj_custom_zoom', 'mj_high_variation', 'mj_low_variation', 'mj_pan', 'mj_uploads',
    'swap_face', 'mj_video', 'mj_edits', 'mj_upscale_creative', 'mj_upscale_subtle',
  ],
  suno: ['suno_music', 'suno_lyrics'],
  kling: ['kling-v1', 'kling-v1-6', 'kling-v2-master'],
  jimeng: ['jimeng_vgfm_t2v_l20', 'jimeng_vgfm_i2v_l20'],
};

/** Fixed creation time, as new-api's list (the field is informative only). */
const CREATED = 1626777600;

export const KNOWN_MODELS: readonly KnownModel[] = Object.entries(BY_VENDOR).flatMap(([owned_by, ids]) =>
  ids.map((id) => ({ id, object: 'model' as const, created: CREATED, owned_by })),
);
