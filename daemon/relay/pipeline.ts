// The relay request lifecycle (reference §4.0; architecture: token → model → channel → adapter → undici →
// transform → settle). Every call that reserved quota ends in exactly one settlement: the real charge on success,
// the disconnect rule's charge for a broken stream (stream-relay.ts), a full refund on failure or on any error.
import { performance } from 'node:perf_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ChannelStatus } from '../contract/roles.js';
import type { Services } from '../app/services.js';
import type { CachedChannel } from '../app/cache/channel-cache.js';
import { redactSecrets, secretPieces } from '../app/redact.js';
import { imageUnits, type Price } from '../billing/prices.js';
import { callQuota, usageParts, usageQuota, type QuotaResult } from '../billing/quota.js';
import { estimateQuota } from '../billing/estimate.js';
import { translate } from '../i18n/translate.js';
import type { Lang } from '../i18n/lang.js';
import { parseKeywords, shouldDisableChannel } from '../modules/channel/channel-rules.js';
import { typeParams, typesParams } from '../modules/channel/channel-type-params.js';
import { adapterFor, familyFor } from '../providers/registry.js';
import type { Endpoint } from './endpoints.js';
import { readInbound, type Inbound, type RouteTarget } from './request-input.js';
import { mediaFetcher } from './media-fetch.js';
import { CallCancel } from './call-cancel.js';
import { apiKeyOf, authenticate, checkModelAllowed, routingGroup, type Caller } from './relay-auth.js';
import { RelayError, messageText, refuse, relayLang } from './relay-error.js';
import { PricingCache } from './pricing.js';
import { RequestGuards } from './guard/request-guards.js';
import { RelaySettingsCache } from './relay-settings.js';
import { maxAttempts } from './retry-policy.js';
import { selectChannel, type Candidate, type Random } from './select-channel.js';
import { attempt, type AttemptFailure, type AttemptSuccess } from './attempt.js';
import { consumeLog, errorLog, type CallFacts } from './relay-log.js';
import type { UpstreamHttp } from './upstream-http.js';
import type { Hold } from '../modules/wallet/wallet.js';

interface Route {
  candidates: readonly Candidate[];
  pinned: boolean;
}

export class RelayPipeline {
  readonly pricing: PricingCache;
  private readonly guards: RequestGuards;
  private readonly settings: RelaySettingsCache;

  constructor(
    private readonly s: Services,
    readonly http: UpstreamHttp,
    private readonly random: Random = Math.random,
  ) {
    this.pricing = new PricingCache(s.options);
    this.guards = new RequestGuards(s);
    this.settings = new RelaySettingsCache(s.options);
  }

  /** `target`: what a route read from the URL (Gemini's model, method and key). */
  async handle(ep: Endpoint, req: FastifyRequest, reply: FastifyReply, target?: RouteTarget): Promise<void> {
    const startedAt = performance.now();
    const lang = relayLang(req.headers['accept-language']);
    // A write made by this process a moment ago (an admin's edit) is in the caches before this call uses them.
    const refreshing = this.s.epochs.pending;
    if (refreshing) await refreshing;
    const caller = await authenticate(this.s, target ? target.apiKey : apiKeyOf(req.headers), req.ip);
    const inbound = await readInbound(ep, req, target);
    checkModelAllowed(caller.token, inbound.model);
    const group = routingGroup(caller, this.pricing.usableGroups(), this.pricing.pricedGroups());
    await this.guards.check(caller, inbound, group, req, reply); // rate limit, sensitive words (before any reservation)
    const route = await this.route(caller, group, inbound.model, ep);
    const price = this.price(caller, inbound.model, ep);
    const estimate = estimateQuota(
      { promptTokens: inbound.promptEstimate, max_tokens: inbound.maxTokens, max_completion_tokens: inbound.maxCompletionTokens, n: inbound.n, units: inbound.units },
      price,
      ep.noOutput ? 0 : this.s.options.number('PreConsumedQuota'),
    );
    const reserved = await this.s.wallet.reserve({ userId: caller.user.id, tokenId: caller.token.id, unlimited: caller.token.unlimited, amount: estimate });
    if (!reserved.ok)
      throw refuse(403, reserved.error === 'insufficient_user_quota' ? 'relay.insufficient_user_quota' : 'relay.insufficient_token_quota', undefined, reserved.error);
    const hold = reserved.hold;

    const ctl = new CallCancel();
    const onClose = () => {
      if (!reply.raw.writableFinished) ctl.abort();
    };
    reply.raw.on('close', onClose);
    const tried: number[] = [];
    let result: AttemptSuccess | AttemptFailure;
    let channel: CachedChannel | undefined;
    try {
      ({ result, channel } = await this.attempts(ep, inbound, route, reply, ctl, tried, req.id, lang));
    } catch (e) {
      await this.s.wallet.settle(hold, { kind: 'failed' }, 0);
      throw e;
    } finally {
      reply.raw.off('close', onClose);
    }

    return this.finish(caller, inbound, group, req, startedAt, lang, tried, channel, hold, price, result);
  }

  /** Settles the hold and leaves the log row: the answer, or the failure of every attempt. */
  private async finish(
    caller: Caller, inbound: Inbound, group: string, req: FastifyRequest, startedAt: number, lang: Lang, tried: number[],
    channel: CachedChannel | undefined, hold: Hold, price: Price, result: AttemptSuccess | AttemptFailure,
  ): Promise<void> {
    const facts: CallFacts = {
      now: this.s.clock(), userId: caller.user.id, username: caller.user.username, tokenId: caller.token.id,
      tokenName: caller.token.name, model: inbound.model, group, ip: req.ip, isStream: inbound.stream,
      useTime: Math.round((performance.now() - startedAt) / 1000), tried, channelId: channel?.id ?? 0, channelName: channel?.name ?? '',
    };
    if (!result.ok) {
      await this.s.wallet.settle(hold, { kind: 'failed' }, 0);
      const error = this.finalError(result);
      if (!result.clientGone)
        this.s.usage.add(errorLog(facts, { message: messageText(error.msg, lang), status: error.status, errorType: error.type, errorCode: error.code }));
      throw error;
    }
    const ok = result;
    try {
      const q = this.quota(ok, price, inbound);
      const settled = await this.s.wallet.settle(
        hold,
        { kind: ok.streamEnd ? 'partial' : 'success', quota: q.quota, totalTokens: q.quota > 0 ? Math.max(1, q.parts.total) : q.parts.total },
        channel!.id,
      );
      if (settled.charged > 0) this.s.quotaNotify.afterCharge(caller.user.id, settled.userQuota); // never waits, never throws
      if (this.s.options.bool('LogConsumeEnabled'))
        this.s.usage.add(consumeLog(facts, {
          isStream: facts.isStream || ok.isStream, price, quota: settled.charged, parts: q.parts, zeroUsage: q.zeroUsage,
          frt: ok.firstAt - startedAt, upstreamModel: ok.upstreamModel, mapped: ok.mapped, streamEnd: ok.streamEnd,
          unpaid: settled.unpaid, reasoningEffort: inbound.reasoningEffort, zeroUsageNote: q.zeroUsage ? translate('zh', 'relay.log_possible_timeout') : '',
        }));
    } finally {
      ok.deliver(); // after settlement: a client that has the answer sees its final balance
    }
  }

  /** Channels that may serve the call, in the caller's group; an admin's `sk-KEY-ID` pins one. */
  private async route(caller: Caller, group: string, model: string, ep: Endpoint): Promise<Route> {
    const cache = this.s.caches.channels;
    if (!cache.current) await cache.load();
    if (caller.pinnedChannel !== null) {
      const ch = cache.channel(caller.pinnedChannel);
      if (ch && ch.status === ChannelStatus.enabled && !familyFor(ch.type))
        throw refuse(400, 'relay.channel_pin_type_unsupported', { channel: ch.id, ...typeParams(ch.type) }, 'channel_type_unsupported');
      if (!ch || ch.status !== ChannelStatus.enabled || !adapterFor(ch.type, ep.format))
        throw refuse(400, 'relay.channel_pin_invalid', { id: caller.pinnedChannel }, 'channel_invalid');
      return { candidates: [{ channelId: ch.id, priority: 0, weight: 0 }], pinned: true };
    }
    let all = cache.candidates(group, model);
    if (!all.length) {
      // perhaps a channel added a moment ago: look at the epochs once (shared by concurrent misses)
      await this.s.epochs.checkNow();
      all = cache.candidates(group, model);
    }
    if (!all.length) throw refuse(503, 'relay.no_channel', { model, group }, 'model_not_found');
    const usable = all.filter((c) => {
      const ch = cache.channel(c.channelId);
      return ch !== undefined && adapterFor(ch.type, ep.format) !== undefined;
    });
    if (!usable.length) {
      // Say why: every channel is of a type no family relays (kept for a later version, or imported), or some
      // family relays them but not this endpoint.
      const types = all.map((c) => cache.channel(c.channelId)?.type).filter((t): t is number => t !== undefined);
      if (types.length && types.every((t) => !familyFor(t)))
        throw refuse(503, 'relay.channel_type_unsupported', { model, group, ...typesParams(types) }, 'channel_type_unsupported');
      throw refuse(503, 'relay.no_channel_for_endpoint', { model, group, path: ep.path }, 'model_not_found');
    }
    return { candidates: usable, pinned: false };
  }

  private price(caller: Caller, model: string, ep: Endpoint): Price {
    const r = this.pricing.price({
      model, userGroup: caller.user.group, tokenGroup: caller.token.group || null, acceptUnsetModel: caller.user.acceptUnsetModel, image: ep.image,
      userRatios: caller.user.modelRatios,
    });
    if (r.ok) return r.price;
    throw new RelayError(500, { key: caller.user.role >= 100 ? 'relay.price_not_set_admin' : 'relay.price_not_set', params: { model } }, 'new_api_error', 'model_price_error');
  }

  /** Tries channels until one answers, the failure may not be retried, or RetryTimes is spent (reference §3.5). */
  private async attempts(ep: Endpoint, inbound: Inbound, route: Route, reply: FastifyReply, signal: CallCancel, tried: number[], requestId: string, lang: Lang) {
    const cache = this.s.caches.channels;
    const max = maxAttempts(this.s.options.number('RetryTimes'), route.pinned);
    const ctx = {
      endpoint: ep, inbound, reply, http: this.http, signal, random: this.random,
      requestId,
      pingMs: this.s.options.bool('general_setting.ping_interval_enabled') ? this.s.options.number('general_setting.ping_interval_seconds') * 1000 : 0,
      messages: { interrupted: translate(lang, 'relay.stream_interrupted'), timeout: translate(lang, 'relay.stream_timeout') },
      now: () => performance.now(),
      settings: this.settings.get(),
      created: this.s.clock(),
      media: mediaFetcher({ signal: () => signal.signal }),
    };
    let last: { result: AttemptFailure; channel: CachedChannel } | undefined;
    for (let i = 0; i < max && !signal.aborted; i++) {
      const pick = selectChannel(route.candidates, new Set(tried), this.random);
      const ch = pick && cache.channel(pick.channelId);
      if (!ch) break;
      tried.push(ch.id);
      const family = familyFor(ch.type)!;
      const result = await attempt(ctx, ch, family, adapterFor(ch.type, ep.format)!);
      if (result.ok) return { result, channel: ch };
      last = { result, channel: ch };
      await this.maybeDisable(ch, result);
      if (!result.retryable) break;
    }
    return last ?? { result: this.noChannelLeft(), channel: undefined };
  }

  private noChannelLeft(): AttemptFailure {
    return { ok: false, status: 503, message: { key: 'relay.upstream_network' }, type: 'new_api_error', code: 'no_channel', retryable: false };
  }

  /** Auto-disable on the reference's conditions (§3.7), with the channel's key scrubbed from the stored reason. */
  private async maybeDisable(ch: CachedChannel, f: AttemptFailure): Promise<void> {
    const o = this.s.options;
    if (!f.upstream || !ch.autoBan || !o.bool('AutomaticDisableChannelEnabled')) return;
    if (!shouldDisableChannel(f.upstream, ch.type, parseKeywords(o.get('AutomaticDisableKeywords')))) return;
    const reason = redactSecrets(`HTTP ${f.upstream.status}: ${f.upstream.message}`, secretPieces(ch.keys.join('\n')));
    try {
      await this.s.channels.autoDisable(ch.id, reason);
      await this.s.epochs.checkNow();
    } catch {
      // the call's own outcome matters more; the next failure tries again
    }
  }

  private finalError(f: AttemptFailure): RelayError {
    // reference §3.5: a final 429 says the group is saturated instead of repeating the upstream's text
    if (f.status === 429) return new RelayError(429, { key: 'relay.upstream_saturated' }, f.type, f.code);
    return new RelayError(f.status, f.message, f.type, f.code);
  }

  private quota(r: AttemptSuccess, price: Price, inbound: Inbound): QuotaResult {
    if (price.mode === 'call' && inbound.image) {
      const units = r.count !== undefined ? imageUnits(inbound.model, inbound.image.size, inbound.image.quality, r.count) : inbound.units;
      const parts = usageParts(r.usage);
      return { quota: callQuota(price, units), zeroUsage: false, parts };
    }
    return usageQuota(r.usage, price);
  }
}
