// The relay's one error type and its wire shape: OpenAI's `{"error": {"message", "type", "param", "code"}}` with
// a real HTTP status and the request id appended to the message (reference §0). Refusals made here carry type
// `new_api_error` (as new-api's middleware), upstream failures the upstream's type or `upstream_error`.
import { langFromHeader, type Lang } from '../i18n/lang.js';
import type { MessageKey, MessageParams } from '../i18n/messages.js';
import { translate } from '../i18n/translate.js';

export type RelayMessage = { key: MessageKey; params?: MessageParams } | { text: string };

export class RelayError extends Error {
  constructor(
    readonly status: number,
    readonly msg: RelayMessage,
    readonly type = 'new_api_error',
    readonly code: string | null = null,
  ) {
    super('key' in msg ? msg.key : msg.text);
    this.name = 'RelayError';
  }
}

export const refuse = (status: number, key: MessageKey, params?: MessageParams, code: string | null = null) =>
  new RelayError(status, { key, params }, 'new_api_error', code);

export const messageText = (m: RelayMessage, lang: Lang): string => ('key' in m ? translate(lang, m.key, m.params) : m.text);

export function errorBody(e: RelayError, lang: Lang, requestId: string) {
  return { error: { message: `${messageText(e.msg, lang)} (request id: ${requestId})`, type: e.type, param: null, code: e.code } };
}

/** English unless the client asks for Chinese: API errors are read in IDEs and logs (lessons §1e #28). */
export const relayLang = (acceptLanguage: string | undefined): Lang =>
  acceptLanguage && /(^|[\s,])(zh|en)/i.test(acceptLanguage) ? langFromHeader(acceptLanguage) : 'en';
