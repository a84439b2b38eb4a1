import { describe, expect, it } from 'vitest';
import { logSafeUrl } from './log-serializers.js';

describe('request log fields', () => {
  it('hides API keys in query strings, and nothing else', () => {
    expect(logSafeUrl('/v1beta/models/g:generateContent?key=sk-abc123&alt=sse')).toBe('/v1beta/models/g:generateContent?key=***&alt=sse');
    expect(logSafeUrl('/x?alt=sse&KEY=sk-1')).toBe('/x?alt=sse&KEY=***');
    expect(logSafeUrl('/x?access_token=t#f')).toBe('/x?access_token=***#f');
    expect(logSafeUrl('/v1/models?monkey=1')).toBe('/v1/models?monkey=1');
  });
});
