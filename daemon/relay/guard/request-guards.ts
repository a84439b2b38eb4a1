// Refusals a relay call gets before any quota is reserved or upstream called, from the site options read at the
// moment of the call (so an admin's change applies to the next one): the per-user model request rate limit
// (reference §10) and the sensitive-word check of the prompt (reference §9.5, with an error log, type 6).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.js';
import type { Caller } from '../relay-auth.js';
import type { Inbound } from '../request-input.js';
import { RelayError, messageText, refuse, relayLang } from '../relay-error.js';
import { errorLog } from '../relay-log.js';
import { buildMatcher, type WordMatcher } from './sensitive-words.js';
import { promptText } from './prompt-text.js';

/** Words named in a refusal: enough to find them, never the whole list. */
const WORDS_SHOWN = 5;

export class RequestGuards {
  private words = '';
  private matcher: WordMatcher = buildMatcher([]);

  constructor(private readonly s: Services) {}

  async check(caller: Caller, inbound: Inbound, group: string, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.rateLimit(caller.user.id, reply);
    this.sensitive(caller, inbound, group, req);
  }

  /**
   * new-api's model request limit: every request counts towards the total (failures included; 0 = no total limit)
   * and is recorded before the call; successful ones (final status < 400) are counted after it, and once
   * SuccessCount of them are in the window the next call is refused.
   */
  private async rateLimit(userId: number, reply: FastifyReply): Promise<void> {
    const o = this.s.options;
    if (!o.bool('ModelRequestRateLimitEnabled')) return;
    const minutes = o.number('ModelRequestRateLimitDurationMinutes');
    if (minutes <= 0) return;
    const window = minutes * 60;
    const total = o.number('ModelRequestRateLimitCount');
    const success = o.number('ModelRequestRateLimitSuccessCount');
    const store = this.s.rateLimits;
    if (total > 0 && !(await store.hit(`MRRL:${userId}`, total, window)))
      throw refuse(429, 'relay.rate_limit_total', { count: total, minutes }, 'rate_limit_exceeded');
    if (!(await store.peek(`MRRLS:${userId}`, success, window)))
      throw refuse(429, 'relay.rate_limit_success', { count: success, minutes }, 'rate_limit_exceeded');
    reply.raw.once('close', () => {
      if (reply.raw.statusCode < 400) store.record(`MRRLS:${userId}`, window).catch(() => undefined);
    });
  }

  private sensitive(caller: Caller, inbound: Inbound, group: string, req: FastifyRequest): void {
    const o = this.s.options;
    if (!o.bool('CheckSensitiveEnabled') || !o.bool('CheckSensitiveOnPromptEnabled')) return;
    const words = o.get('SensitiveWords');
    if (words !== this.words) {
      // Built once per change of the list, not per call.
      this.matcher = buildMatcher(words.split('\n'));
      this.words = words;
    }
    if (!this.matcher.size) return;
    const found = this.matcher.find(promptText(inbound.body), WORDS_SHOWN);
    if (!found.length) return;
    const error = new RelayError(400, { key: 'relay.sensitive_words', params: { words: found.join(', ') } }, 'new_api_error', 'sensitive_words_detected');
    this.s.usage.add(errorLog({
      now: this.s.clock(), userId: caller.user.id, username: caller.user.username, tokenId: caller.token.id, tokenName: caller.token.name,
      model: inbound.model, group, ip: req.ip, isStream: inbound.stream, useTime: 0, tried: [], channelId: 0, channelName: '',
    }, {
      message: messageText(error.msg, relayLang(req.headers['accept-language'])), status: 400, errorType: error.type, errorCode: error.code,
    }));
    throw error;
  }
}
