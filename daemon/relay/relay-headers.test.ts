import { describe, expect, it } from 'vitest';
import { RELAY_CORS_HEADERS, streamHead } from './relay-headers.js';

describe('relay headers', () => {
  it('a streamed answer carries the same CORS headers as every other relay answer, and its request id', () => {
    for (const json of [false, true]) {
      const head = streamHead('req-1', json);
      expect(head).toMatchObject(RELAY_CORS_HEADERS);
      expect(head['x-oneapi-request-id']).toBe('req-1');
      expect(head['cache-control']).toBe('no-cache');
      expect(head['x-accel-buffering']).toBe('no');
    }
  });

  it('SSE framing says text/event-stream; JSON-array framing (Gemini without alt=sse) says application/json', () => {
    expect(streamHead('r', false)['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(streamHead('r', true)['content-type']).toBe('application/json; charset=utf-8');
  });
});
