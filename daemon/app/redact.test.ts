import { describe, expect, it } from 'vitest';
import { redactSecrets, redactUpstream, secretPieces } from './redact.js';

describe('redactSecrets', () => {
  it('removes every key line and every part of a composite key', () => {
    const secrets = secretPieces('first-key-123456\nAPPID9|secret-part-abc|apikey-xyz-987');
    const text = 'bad first-key-123456 and secret-part-abc, also APPID9|secret-part-abc|apikey-xyz-987';
    const out = redactSecrets(text, secrets);
    for (const s of ['first-key-123456', 'secret-part-abc', 'apikey-xyz-987', 'APPID9']) expect(out).not.toContain(s);
  });
  it('masks anything shaped like an API key, even one it was not told about', () => {
    expect(redactSecrets('Incorrect API key provided: sk-proj-abcdefghijklmnop1234.', [])).toBe('Incorrect API key provided: sk-***.');
    expect(redactSecrets('key=AIzaSyA1234567890abcdefghijkl', [])).toBe('key=AIza***');
    expect(redactSecrets('Authorization: Bearer abc.def-ghi_123', [])).toBe('Authorization: Bearer ***');
  });
  it('ignores pieces too short to be secrets', () => {
    expect(secretPieces('ab|cd\n')).toEqual([]);
  });
});

describe('redactUpstream', () => {
  it('removes keys, URLs, the channel host and IP addresses from upstream error text', () => {
    const text =
      'Incorrect API key provided: my-secret-key-000. See https://platform.openai.com/account/api-keys. ' +
      'connect to upstream.example.net failed; 10.1.2.3:8443 refused; Bearer abcdefghijk';
    const out = redactUpstream(text, secretPieces('my-secret-key-000'), ['upstream.example.net']);
    for (const s of ['my-secret-key-000', 'platform.openai.com', 'upstream.example.net', '10.1.2.3', 'abcdefghijk']) expect(out).not.toContain(s);
    expect(out).toContain('Incorrect API key provided');
  });
  it('keeps ordinary text, model names with dots included', () => {
    expect(redactUpstream('The model gpt-4.1 does not exist (v1.2)', [], ['api.x.ai'])).toBe('The model gpt-4.1 does not exist (v1.2)');
  });
});
