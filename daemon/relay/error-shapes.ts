// A relay error in the protocol the client speaks (reference §0, §6.1): OpenAI's `{"error": {message, type, param,
// code}}`, Anthropic's `{"type": "error", "error": {type, message}}` for a Claude-format client, or Google's
// `{"error": {code, message, status}}` for a Gemini one — gateway-side refusals (no key, no channel, no quota)
// included, always with the real HTTP status. The protocol is the part of the inbound endpoint's wire format
// before the dot.
import type { Lang } from '../i18n/lang.js';
import type { WireFormat } from '../providers/types.js';
import { errorBody, messageText, type RelayError } from './relay-error.js';
import { googleErrorJson } from '../providers/gemini/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The wire format of a relay route: picks the error shape of everything that route answers. */
    relayFormat?: WireFormat;
  }
}

/** Anthropic's error types (their docs' list), each with the status it goes with. */
const CLAUDE_TYPE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};
/** Anthropic's specific types: kept when the upstream sent one (OpenAI shares the generic invalid_request_error). */
const SPECIFIC_TYPES = new Set(Object.values(CLAUDE_TYPE_BY_STATUS).filter((t) => t !== 'invalid_request_error'));

/** The upstream's own specific Anthropic type when it sent one (overloaded_error …), else the one of the status. */
export function claudeErrorType(status: number, type: string): string {
  if (SPECIFIC_TYPES.has(type)) return type;
  return CLAUDE_TYPE_BY_STATUS[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

export function errorBodyFor(format: WireFormat | undefined, e: RelayError, lang: Lang, requestId: string): unknown {
  if (format?.startsWith('claude.')) {
    const message = `${messageText(e.msg, lang)} (request id: ${requestId})`;
    return { type: 'error', error: { type: claudeErrorType(e.status, e.type), message }, request_id: requestId };
  }
  // Google's `{"error": {code, message, status}}` (status: the upstream's own google.rpc name, else the HTTP one's)
  if (format?.startsWith('gemini.')) return googleErrorJson(e.status, `${messageText(e.msg, lang)} (request id: ${requestId})`, e.type);
  return errorBody(e, lang, requestId);
}
