import { describe, expect, it } from 'vitest';
import { modelTags } from './model-tags.js';

describe('modelTags', () => {
  it.each([
    ['gpt-3.5-turbo', ['chat']],
    ['gpt-4o-mini', ['chat', 'vision']],
    ['o3-mini', ['chat', 'reasoning']],
    ['deepseek-reasoner', ['chat', 'reasoning']],
    ['DeepSeek-R1', ['chat', 'reasoning']],
    ['claude-3-7-sonnet-20250219-thinking', ['chat', 'reasoning', 'vision']],
    ['qwen2.5-vl-72b-instruct', ['chat', 'vision']],
    ['text-embedding-3-small', ['embedding']],
    ['jina-reranker-v2-base-multilingual', ['rerank']],
    ['omni-moderation-latest', ['moderation']],
    ['dall-e-3', ['image']],
    ['mj_imagine', ['image']],
    ['gpt-4o-mini-tts', ['tts']],
    ['tts-1-hd', ['tts']],
    ['whisper-1', ['stt']],
    ['gpt-4o-transcribe', ['stt']],
    ['gpt-4o-audio-preview', ['chat', 'vision', 'audio']],
    ['suno_music', ['music']],
    ['kling-v1', ['video']],
    ['my-model', ['chat']],
  ])('%s', (model, tags) => expect(modelTags(model)).toEqual(tags));
});
