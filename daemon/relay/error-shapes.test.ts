import { describe, expect, it } from 'vitest';
import { claudeErrorType, errorBodyFor } from './error-shapes.js';
import { RelayError } from './relay-error.js';

describe('relay error shapes', () => {
  const e = new RelayError(403, { text: 'Your quota is not enough' }, 'new_api_error', 'insufficient_user_quota');

  it('answers an OpenAI-format client in OpenAI\'s shape', () => {
    expect(errorBodyFor('openai.chat', e, 'en', 'req-1')).toEqual({ error: { message: 'Your quota is not enough (request id: req-1)', type: 'new_api_error', param: null, code: 'insufficient_user_quota' } });
    expect(errorBodyFor(undefined, e, 'en', 'req-1')).toHaveProperty('error.code', 'insufficient_user_quota');
  });

  it('answers a Claude-format client in Anthropic\'s shape, with the type its status goes with', () => {
    expect(errorBodyFor('claude.messages', e, 'en', 'req-1')).toEqual({ type: 'error', error: { type: 'permission_error', message: 'Your quota is not enough (request id: req-1)' }, request_id: 'req-1' });
  });

  it.each<[number, string, string]>([
    [400, 'invalid_request_error', 'invalid_request_error'],
    [401, 'new_api_error', 'authentication_error'],
    [404, 'invalid_request_error', 'not_found_error'],
    [413, 'invalid_request_error', 'request_too_large'],
    [429, 'upstream_error', 'rate_limit_error'],
    [502, 'upstream_error', 'api_error'],
    [503, 'new_api_error', 'api_error'],
    [504, 'upstream_error', 'timeout_error'],
    [529, 'overloaded_error', 'overloaded_error'],
    [500, 'overloaded_error', 'overloaded_error'], // the upstream's own Anthropic type is kept
    [418, 'whatever', 'invalid_request_error'],
  ])('status %i with type %s → %s', (status, type, expected) => expect(claudeErrorType(status, type)).toBe(expected));
});
