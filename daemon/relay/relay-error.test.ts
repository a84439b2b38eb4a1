import { describe, expect, it } from 'vitest';
import { RelayError, errorBody, refuse, relayLang } from './relay-error.js';

describe('relay errors', () => {
  it('are OpenAI-shaped with the request id appended', () => {
    const body = errorBody(refuse(403, 'relay.model_not_allowed', { model: 'gpt-4o' }, 'model_not_allowed'), 'en', 'abc');
    expect(body).toEqual({ error: { message: 'This API key may not use the model gpt-4o (request id: abc)', type: 'new_api_error', param: null, code: 'model_not_allowed' } });
    expect(errorBody(new RelayError(502, { text: 'upstream said no' }, 'upstream_error'), 'zh', 'r').error.message).toBe('upstream said no (request id: r)');
  });

  it('speak English unless the client asks for Chinese', () => {
    expect(relayLang(undefined)).toBe('en');
    expect(relayLang('fr-FR')).toBe('en');
    expect(relayLang('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(relayLang('en-US,zh;q=0.5')).toBe('en');
  });
});
