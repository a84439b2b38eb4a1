// Images, audio, moderations, rerank and the Responses API through the relay, with the official client where it
// has the endpoint: multipart uploads pass through (model mapped), binary answers are passed on, and each is billed
// by its own rule (per image, per character, per audio minute, per token).
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { addChannel, addToken, addUser, listen, logsOf, setPrices, userRow } from '../helpers/relay.js';

describe('relay: images, audio and more', () => {
  let t: TestApp;
  let up: MockUpstream;
  let base: string;
  let uid: number;
  let sk: string;
  let client: OpenAI;
  const charged = async (fn: () => Promise<unknown>) => {
    const before = await userRow(t, uid);
    await fn();
    return before.quota - (await userRow(t, uid)).quota;
  };
  const lastLog = async () => (await logsOf(t, { user_id: uid, type: 2 })).at(-1)!;

  beforeAll(async () => {
    t = await createTestApp();
    up = await startUpstream();
    base = await listen(t);
    await setPrices(t, {
      price: { 'dall-e-3': 0.04 },
      ratio: { 'gpt-image-1': 2, 'tts-1': 7.5, 'whisper-1': 15, 'omni-moderation-latest': 0.1, 'rerank-model': 1, 'resp-model': 1 },
      completion: { 'whisper-1': 1, 'resp-model': 1, 'rerank-model': 1 },
    });
    await addChannel(t, {
      name: 'media', base_url: up.url,
      models: 'dall-e-3,gpt-image-1,tts-1,whisper-1,omni-moderation-latest,rerank-model,resp-model',
      model_mapping: '{"whisper-1":"whisper-large-v3"}',
    });
    uid = await addUser(t, 'ivan', { quota: 10_000_000 });
    sk = (await addToken(t, uid)).sk;
    client = new OpenAI({ apiKey: sk, baseURL: base, maxRetries: 0 });
  });
  afterAll(async () => {
    await up?.close();
    await t?.close();
  });
  beforeEach(() => up.reset());

  it('generates images and bills per image at the model price, by the images that came back', async () => {
    let count = 0;
    const cost = await charged(async () => {
      count = (await client.images.generate({ model: 'dall-e-3', prompt: 'a cat', n: 2, size: '1024x1024' })).data?.length ?? 0;
    });
    expect(count).toBe(2);
    expect(cost).toBe(2 * 0.04 * 500_000);
    expect(await lastLog()).toMatchObject({ model_name: 'dall-e-3', quota: cost });
    expect((await lastLog()).other.model_price).toBe(0.04);
    // hd doubles dall-e-3's price; a tall image at hd is × 1.5
    expect(await charged(() => client.images.generate({ model: 'dall-e-3', prompt: 'a cat', quality: 'hd', size: '1024x1792' }))).toBe(0.04 * 500_000 * 2 * 1.5);
  });

  it('prices an image model with only a ratio at 0.0025 × ratio per image', async () => {
    expect(await charged(() => client.images.generate({ model: 'gpt-image-1', prompt: 'a dog' }))).toBe(0.0025 * 2 * 500_000);
  });

  it('passes an image edit upload through as a form', async () => {
    const image = await toFile(Buffer.from('fake-png-bytes'), 'in.png', { type: 'image/png' });
    const cost = await charged(() => client.images.edit({ model: 'dall-e-3', image, prompt: 'add a hat' }));
    expect(cost).toBe(0.04 * 500_000);
    const req = up.requests[0];
    expect(req.path).toBe('/v1/images/edits');
    expect(String(req.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.body).toContain('fake-png-bytes');
    expect(req.body).toMatch(/name="prompt"\r\n\r\nadd a hat/);
  });

  it('passes speech audio through and bills one token per input character for tts models', async () => {
    let audio: Buffer | undefined;
    const cost = await charged(async () => {
      const res = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello there' });
      audio = Buffer.from(await res.arrayBuffer());
    });
    expect(audio!.toString()).toBe('ID3fake-mp3-bytes');
    expect(cost).toBe(Math.round(11 * 7.5)); // "Hello there" = 11 characters
    expect(await lastLog()).toMatchObject({ prompt_tokens: 11, completion_tokens: 0 });
  });

  it('transcribes an upload with the model mapped inside the form, billed per audio minute', async () => {
    const cost = await charged(async () => {
      const r = await client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(Buffer.from('RIFF....WAVEfmt '), 'a.wav', { type: 'audio/wav' }) });
      expect(r.text).toBe('hello from the audio');
    });
    expect(up.requests[0].body).toMatch(/name="model"\r\n\r\nwhisper-large-v3\r\n/);
    expect(up.requests[0].body).not.toMatch(/name="model"\r\n\r\nwhisper-1\r\n/);
    expect(cost).toBe(1500 * 15); // 90 s = 1500 tokens
    expect(await lastLog()).toMatchObject({ model_name: 'whisper-1', prompt_tokens: 1500 });
    expect((await lastLog()).other).toMatchObject({ is_model_mapped: true, upstream_model_name: 'whisper-large-v3' });
  });

  it('counts the text of a translation that reports no usage', async () => {
    await client.audio.translations.create({ model: 'whisper-1', file: await toFile(Buffer.from('RIFF'), 'a.wav') });
    expect(await lastLog()).toMatchObject({ prompt_tokens: 0, completion_tokens: 2 }); // "hello translated"
  });

  it('refuses a broken upload with 400', async () => {
    const res = await fetch(`${base}/audio/transcriptions`, {
      method: 'POST', headers: { authorization: `Bearer ${sk}`, 'content-type': 'multipart/form-data; boundary=xyz' }, body: 'not a form',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.type).toBe('invalid_request_error');
  });

  it('moderates, counting the input locally (the answer carries no usage)', async () => {
    const r = await client.moderations.create({ model: 'omni-moderation-latest', input: 'some text to check' });
    expect(r.results[0].flagged).toBe(false);
    expect((await lastLog()).prompt_tokens).toBe(4);
  });

  it('reranks and bills the upstream\'s total tokens', async () => {
    const res = await fetch(`${base}/rerank`, {
      method: 'POST', headers: { authorization: `Bearer ${sk}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'rerank-model', query: 'q', documents: ['a', 'b'] }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).results[0].relevance_score).toBe(0.9);
    expect(await lastLog()).toMatchObject({ prompt_tokens: 12, quota: 12 });
  });

  it('answers the Responses API and bills its usage with cached input at the cache ratio', async () => {
    const cost = await charged(async () => {
      const r = await client.responses.create({ model: 'resp-model', input: 'hi' });
      expect(r.output_text).toBe('Hi there');
    });
    expect(cost).toBe(11); // 5 uncached + 4 cached × cache ratio 1 + 2 out
    expect(await lastLog()).toMatchObject({ prompt_tokens: 9, completion_tokens: 2 });
    expect((await lastLog()).other.cache_tokens).toBe(4);
  });
});
