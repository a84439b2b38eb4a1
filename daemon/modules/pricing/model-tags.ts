// Capability tags of a model, read from its name (the pricing page's tag filter). There is no model catalogue to
// ask, and names follow strong conventions; a model that fits no special kind is a chat model. Pure.

/** Every tag, in display order. */
export const TAGS = ['chat', 'reasoning', 'vision', 'embedding', 'rerank', 'moderation', 'image', 'video', 'music', 'tts', 'stt', 'audio'] as const;
export type ModelTag = (typeof TAGS)[number];

const RULES: ReadonlyArray<[ModelTag, RegExp]> = [
  ['embedding', /embed|(^|[-_/])(m3e|bge)([-_]|$)/],
  ['rerank', /rerank/],
  ['moderation', /moderation/],
  ['image', /^(dall-e|gpt-image|imagen|mj_|midjourney|swap_face|flux|stable-diffusion|sd3|cogview|seedream|jimeng)|image-(generation|preview)|-image($|-)/],
  ['video', /^(sora|veo|kling|vidu|cogvideo|hailuo|seedance)|video/],
  ['music', /^(suno|chirp|udio)/],
  ['tts', /(^|[-_])tts([-_]|$)/],
  ['stt', /whisper|transcribe/],
  ['audio', /audio|realtime/],
  ['reasoning', /^(o[1-9])(-|$)|reasoner|thinking|(^|[-_/])r1([-_]|$)|^qwq|^qvq|^gpt-5|^grok-[34]-mini|magistral/],
  ['vision', /vision|[-_]vl([-_]|$)|^glm-4v|^pixtral|^qvq|^gpt-4o|^gpt-4\.1|^gpt-5|^chatgpt-4o|^claude-(3|sonnet-4|opus-4)|^gemini|^grok-.*vision/],
];

/** Kinds that are not conversations: a model with one of them is not tagged chat, vision or reasoning. */
const NOT_CHAT: ReadonlySet<ModelTag> = new Set(['embedding', 'rerank', 'moderation', 'image', 'video', 'music', 'tts', 'stt']);

/** The model's tags in TAGS order. */
export function modelTags(model: string): ModelTag[] {
  const name = model.trim().toLowerCase();
  const found = new Set<ModelTag>(RULES.filter(([, re]) => re.test(name)).map(([tag]) => tag));
  if ([...found].some((t) => NOT_CHAT.has(t))) {
    // a speech or image model of a chat family (gpt-4o-mini-tts) neither sees images nor reasons
    found.delete('vision');
    found.delete('reasoning');
  } else found.add('chat');
  return TAGS.filter((t) => found.has(t));
}
