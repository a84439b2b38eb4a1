// The Gemini pieces of the relay core: the URL's model and method, the key's three places, prompt counting and
// generationConfig's numbers, Google's error shape for every refusal, and the guarded media fetcher.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { countTextTokens } from '../billing/token-count.js';
import { GEMINI_BATCH_EMBED, GEMINI_GENERATE, GEMINI_METHODS, countGeminiPromptTokens } from './gemini-endpoints.js';
import { geminiKeyOf, geminiModelEntry, isGeminiClient, parseModelPath } from './gemini.routes.js';
import { errorBodyFor } from './error-shapes.js';
import { RelayError, refuse } from './relay-error.js';
import { mediaFetcher, sniffImageType } from './media-fetch.js';

const req = (headers: Record<string, string>, query: Record<string, unknown> = {}) => ({ headers, query }) as unknown as FastifyRequest;

describe('Gemini routes', () => {
  it('reads the model and the method from the path', () => {
    expect(parseModelPath('gemini-2.5-flash:streamGenerateContent')).toEqual({ model: 'gemini-2.5-flash', method: 'streamGenerateContent' });
    expect(parseModelPath('models/gemini-pro:generateContent')).toEqual({ model: 'gemini-pro', method: 'generateContent' });
    expect(parseModelPath('gemini-pro')).toEqual({ model: 'gemini-pro', method: '' });
    expect(Object.keys(GEMINI_METHODS)).toEqual(['generateContent', 'streamGenerateContent', 'embedContent', 'batchEmbedContents']);
  });

  it('takes the key from x-goog-api-key, then ?key=, then Authorization / x-api-key', () => {
    expect(geminiKeyOf(req({ 'x-goog-api-key': 'sk-a', authorization: 'Bearer sk-c' }, { key: 'sk-b' }))).toBe('sk-a');
    expect(geminiKeyOf(req({ authorization: 'Bearer sk-c' }, { key: 'sk-b' }))).toBe('sk-b');
    expect(geminiKeyOf(req({ authorization: 'Bearer sk-c' }))).toBe('sk-c');
    expect(geminiKeyOf(req({}))).toBe('');
    expect(isGeminiClient(req({}, { key: 'x' }))).toBe(true);
    expect(isGeminiClient(req({ authorization: 'Bearer x' }))).toBe(false);
  });

  it('lists embedding models with the embedding methods', () => {
    expect(geminiModelEntry('text-embedding-004').supportedGenerationMethods).toEqual(['embedContent', 'batchEmbedContents']);
    expect(geminiModelEntry('gemini-2.5-flash')).toMatchObject({ name: 'models/gemini-2.5-flash', displayName: 'gemini-2.5-flash' });
  });
});

describe('Gemini endpoints', () => {
  it('counts system, contents (text, calls, results, media flat) and declarations', () => {
    const m = 'gemini-2.5-flash';
    const n = countGeminiPromptTokens({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Hello there' }, { inlineData: { mimeType: 'image/png', data: 'AA' } }] },
        { role: 'model', parts: [{ functionCall: { name: 'f', args: { a: 1 } } }] },
      ],
      tools: [{ functionDeclarations: [{ name: 'f', description: 'does f' }] }],
    }, m);
    const t = (s: string) => countTextTokens(s, m);
    expect(n).toBe(t('Be brief.') + 3 + t('Hello there') + 255 + 3 + t('f{"a":1}') + t('fdoes f') + 3);
    expect(GEMINI_BATCH_EMBED.prompt({ requests: [{ content: { parts: [{ text: 'one two' }] } }, { content: { parts: [{ text: 'three' }] } }] }, m)).toBe(t('one two') + t('three'));
  });

  it('reads max_tokens, n and the effort from generationConfig (camelCase or snake_case)', () => {
    expect(GEMINI_GENERATE.fields!({ generationConfig: { maxOutputTokens: 99, candidateCount: 2, thinkingConfig: { thinkingLevel: 'high' } } }))
      .toEqual({ max_tokens: 99, n: 2, reasoning_effort: 'high' });
    expect(GEMINI_GENERATE.fields!({ generation_config: { max_output_tokens: 7 } })).toMatchObject({ max_tokens: 7 });
    expect(GEMINI_GENERATE.fields!({})).toEqual({});
  });
});

describe('Google\'s error shape', () => {
  it('shapes gateway refusals and upstream errors with the real status and a google.rpc status name', () => {
    expect(errorBodyFor('gemini.generate', refuse(401, 'relay.no_key', undefined, 'invalid_api_key'), 'en', 'rid1')).toEqual({
      error: { code: 401, message: 'No API key provided (use Authorization: Bearer sk-…) (request id: rid1)', status: 'UNAUTHENTICATED' },
    });
    expect(errorBodyFor('gemini.embed', new RelayError(429, { text: 'slow down' }, 'RESOURCE_EXHAUSTED'), 'en', 'r')).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });
    expect(errorBodyFor('gemini.generate', new RelayError(400, { text: 'x' }, 'FAILED_PRECONDITION'), 'en', 'r')).toMatchObject({ error: { code: 400, status: 'FAILED_PRECONDITION' } });
    expect(errorBodyFor('gemini.generate', new RelayError(502, { text: 'x' }, 'upstream_error'), 'en', 'r')).toMatchObject({ error: { code: 502, status: 'UNAVAILABLE' } });
    expect(errorBodyFor('gemini.generate', new RelayError(418, { text: 'x' }), 'en', 'r')).toMatchObject({ error: { status: 'FAILED_PRECONDITION' } });
  });
});

describe('media fetcher', () => {
  it('knows image types by their first bytes', () => {
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffImageType(Buffer.from('<html>'))).toBeUndefined();
  });

  it('refuses private and loopback addresses (a user gave the URL), once per URL, with the query hidden', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.end('x');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cat.png?sig=SECRET`;
    try {
      const fetch = mediaFetcher({ timeoutMs: 2000 });
      const e = await fetch(url).catch((err) => err);
      expect(e).toBeInstanceOf(RelayError);
      expect(e.status).toBe(400);
      expect(JSON.stringify(e.msg)).not.toContain('SECRET');
      expect(e.msg.params).toMatchObject({ reason: 'address not allowed' });
      expect(await fetch(url).catch((err) => err)).toBe(e);
      for (const bad of ['http://10.0.0.1/x.png', 'http://169.254.169.254/latest', 'file:///etc/passwd', 'http://localhost/x.png'])
        expect((await fetch(bad).catch((err) => err)).status).toBe(400);
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });
});
