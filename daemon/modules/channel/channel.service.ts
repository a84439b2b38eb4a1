// Channel management (spec 3 §7 "Channels"; reference §3.1–§3.10). Every channel write keeps the ability table in
// step and bumps the 'channels' cache epoch in the same transaction. Keys never leave this service: answers are
// views without them, and upstream error texts are scrubbed of them.
import { parseJsonObject } from '../../relay/model-mapping.js';
import { channelProxy } from '../../app/proxy.js';
import { performance } from 'node:perf_hooks';
import type { EntityManager } from '@mikro-orm/knex';
import type {
  Channel as ChannelView, ChannelBalanceAllResult, ChannelBalanceResult, ChannelFetchModelsRequest, ChannelListQuery,
  ChannelSearchQuery, ChannelTagEditRequest, ChannelUpdateRequest, ChannelInput, KnownModel,
} from '../../contract/channel.js';
import { CHANNEL_LIMITS } from '../../contract/channel.js';
import { CHANNEL_OTHER_DEFAULTS, channelType, effectiveBaseUrl, isChannelType } from '../../contract/channel-types.js';
import { ChannelStatus } from '../../contract/roles.js';
import { zeroPage } from '../../contract/paging.js';
import { ServiceError } from '../../app/errors.js';
import type { TestedCall } from './channel-test-log.js';
import type { ChannelChange } from '../notify/root-notifier.js';
import type { Clock } from '../../app/clock.js';
import { isAdmin, type Actor } from '../../app/actor.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import { OutboundError, outboundRequest } from '../../app/outbound.js';
import { redactSecrets, secretPieces } from '../../app/redact.js';
import type { Lang } from '../../i18n/lang.js';
import type { MessageKey, MessageParams } from '../../i18n/messages.js';
import { translate } from '../../i18n/translate.js';
import type { OptionStore } from '../option/option.store.js';
import { ChannelEntity, type Channel } from './channel.entity.js';
import { AbilityEntity } from './ability.entity.js';
import { deleteAbilities, enabledModelNames, rebuildAbilities, setAbilitiesEnabled, setAbilitiesTag } from './abilities.js';
import {
  BASE_URL_REQUIRED_TYPES, checkBaseUrl, checkGroups, checkModelMapping, checkModels, checkPriority, checkWeight,
  firstKey, normaliseInput, parseKeywords, splitKeys, splitList, testModelFor, testOutcome, withStatusReason,
  type UpstreamFailure,
} from './channel-rules.js';
import {
  BalanceError, balanceSupported, fetchBalance, modelsCall, parseModels, testAnswerOk, testCall, upstreamFailure,
  type ChannelConn,
} from './channel-upstream.js';
import { KNOWN_MODELS } from './known-models.js';
import { typeParams } from './channel-type-params.js';
import { toChannelView } from './channel.view.js';
import { inTransaction } from '../../db/transaction.js';

/** A translatable cause of an upstream failure. */
interface Cause {
  key: MessageKey;
  params?: MessageParams;
}

export interface ChannelTestOutcome {
  /** Seconds. */
  time: number;
  model: string;
  /** Set when the test failed: the message key with its parameters, ready to translate. */
  error?: { key: MessageKey; params: MessageParams };
  failure?: UpstreamFailure;
  elapsedMs: number;
}

/** Types whose "test" would start paid work rather than answer (reference §3.8). */
const UNTESTABLE = new Set([2, 5, 36]);

export class ChannelService {
  /** Milliseconds each kind of upstream call may take; tests lower them. */
  timeouts = { models: 15_000, test: 30_000, balance: 15_000 };
  private testAllRun: Promise<void> | null = null;
  private readonly stop = new AbortController();
  /** Told of every successful test (the services write its consumption log: channel-test-log.ts). */
  onTested?: (t: Omit<TestedCall, 'now' | 'root'>) => Promise<void>;
  /** Told when a channel was disabled or enabled automatically (the services notify the super admin). */
  onStatusChange?: (c: ChannelChange) => void;

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly epochs: CacheEpochs,
    private readonly options: OptionStore,
  ) {}

  // ---- reading ----

  async list(actor: Actor, q: ChannelListQuery): Promise<ChannelView[]> {
    adminOnly(actor);
    const em = this.em.fork();
    const { pageSize, offset } = zeroPage(q);
    const orderBy = this.order(q.id_sort);
    if (!q.tag_mode) {
      const rows = await em.find(ChannelEntity, {}, { orderBy, limit: pageSize, offset });
      return rows.map(toChannelView);
    }
    // Tag mode pages over entries: a tag (all its channels) or an untagged channel on its own.
    const index = await em.find(ChannelEntity, {}, { fields: ['id', 'tag', 'priority'], orderBy });
    const entries = groupByTag(index).slice(offset, offset + pageSize);
    const ids = entries.flat().map((c) => c.id);
    if (ids.length === 0) return [];
    const rows = new Map((await em.find(ChannelEntity, { id: { $in: ids } })).map((c) => [c.id, c]));
    return ids.map((id) => toChannelView(rows.get(id)!));
  }

  async search(actor: Actor, q: ChannelSearchQuery): Promise<ChannelView[]> {
    adminOnly(actor);
    const em = this.em.fork();
    const all = await em.find(ChannelEntity, {}, { orderBy: this.order(q.id_sort) });
    const keyword = (q.keyword ?? '').trim();
    const kw = keyword.toLowerCase();
    const group = (q.group ?? '').trim();
    const model = (q.model ?? '').trim().toLowerCase();
    const found = all.filter((c) => {
      if (keyword) {
        const hit =
          String(c.id) === keyword ||
          c.name.toLowerCase().includes(kw) ||
          (c.tag ?? '').toLowerCase().includes(kw) ||
          c.base_url.toLowerCase().includes(kw) ||
          splitKeys(c.key).includes(keyword); // find the channel that holds a key, without showing it
        if (!hit) return false;
      }
      if (group && !splitList(c.group).includes(group)) return false;
      if (model && !c.models.toLowerCase().includes(model)) return false;
      return true;
    });
    const ordered = q.tag_mode ? groupByTag(found).flat() : found;
    return ordered.map(toChannelView);
  }

  async get(actor: Actor, id: number): Promise<ChannelView> {
    adminOnly(actor);
    return toChannelView(await this.load(this.em.fork(), id));
  }

  knownModels(actor: Actor): readonly KnownModel[] {
    adminOnly(actor);
    return KNOWN_MODELS;
  }

  async enabledModels(actor: Actor): Promise<string[]> {
    adminOnly(actor);
    return enabledModelNames(this.em.fork());
  }

  // ---- writing ----

  /** One channel per key line (spec 3 §7, as new-api). Returns the new channels. */
  async create(actor: Actor, input: ChannelInput): Promise<ChannelView[]> {
    adminOnly(actor);
    const patch = normaliseInput(input, 'create');
    const keys = splitKeys(input.key);
    if (keys.length > CHANNEL_LIMITS.keys) throw new ServiceError('channel.too_many_keys', { max: CHANNEL_LIMITS.keys });
    const now = this.clock();
    const created = await inTransaction(this.em, async (tx) => {
      const out: Channel[] = [];
      for (const key of keys) {
        const ch = tx.create(ChannelEntity, {
          status: ChannelStatus.enabled, priority: 0, weight: 0, auto_ban: 1, ...patch, key, created_time: now,
        } as Channel, { persist: false });
        ch.id = Number(await tx.insert(ChannelEntity, ch));
        out.push(ch);
      }
      await rebuildAbilities(tx, out);
      await this.epochs.bump('channels', tx);
      return out;
    });
    return created.map(toChannelView);
  }

  /** Writes only the fields sent; a non-empty key replaces the stored one. Rebuilds the channel's abilities. */
  async update(actor: Actor, input: ChannelUpdateRequest): Promise<ChannelView> {
    adminOnly(actor);
    const patch = normaliseInput(input, 'update');
    const keys = splitKeys(input.key);
    if (keys.length > CHANNEL_LIMITS.keys) throw new ServiceError('channel.too_many_keys', { max: CHANNEL_LIMITS.keys });
    if (Object.keys(patch).length === 0 && keys.length === 0) throw new ServiceError('channel.no_changes');
    const saved = await inTransaction(this.em, async (tx) => {
      const ch = await this.load(tx, input.id);
      tx.assign(ch, patch);
      if (keys.length) ch.key = keys.join('\n');
      if (!ch.base_url && BASE_URL_REQUIRED_TYPES.has(ch.type) && !channelType(ch.type)?.base_url)
        throw new ServiceError('channel.base_url_required');
      if (!ch.other && CHANNEL_OTHER_DEFAULTS[ch.type]) ch.other = CHANNEL_OTHER_DEFAULTS[ch.type];
      await tx.nativeUpdate(ChannelEntity, { id: ch.id }, { ...patch, key: ch.key, other: ch.other });
      await rebuildAbilities(tx, [ch]);
      await this.epochs.bump('channels', tx);
      return ch;
    });
    return toChannelView(saved);
  }

  async remove(actor: Actor, id: number): Promise<void> {
    adminOnly(actor);
    await inTransaction(this.em, async (tx) => {
      if ((await tx.nativeDelete(ChannelEntity, { id })) === 0) throw new ServiceError('channel.not_found');
      await deleteAbilities(tx, [id]);
      await this.epochs.bump('channels', tx);
    });
  }

  /** Deletes channels with status 2 or 3; returns how many. */
  async removeDisabled(actor: Actor): Promise<number> {
    adminOnly(actor);
    return inTransaction(this.em, async (tx) => {
      const rows = await tx.find(ChannelEntity, { status: { $in: [ChannelStatus.disabled, ChannelStatus.autoDisabled] } }, { fields: ['id'] });
      return this.deleteIds(tx, rows.map((r) => r.id));
    });
  }

  async removeMany(actor: Actor, ids: number[]): Promise<number> {
    adminOnly(actor);
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw new ServiceError('channel.select_to_delete');
    return inTransaction(this.em, (tx) => this.deleteIds(tx, unique));
  }

  /** Rebuilds the whole ability table from the channels; returns the number of channels. */
  async fixAbilities(actor: Actor): Promise<number> {
    adminOnly(actor);
    return inTransaction(this.em, async (tx) => {
      const all = await tx.find(ChannelEntity, {}, { fields: ['id', 'models', 'group', 'status', 'priority', 'weight', 'tag'] });
      await tx.nativeDelete(AbilityEntity, {});
      await rebuildAbilities(tx, all);
      await this.epochs.bump('channels', tx);
      return all.length;
    });
  }

  // ---- tags (reference §3.10) ----

  async editTag(actor: Actor, req: ChannelTagEditRequest): Promise<number> {
    adminOnly(actor);
    const tag = req.tag.trim();
    if (!tag) throw new ServiceError('channel.tag_required');
    const patch: Partial<Channel> = {};
    const newTag = req.new_tag?.trim();
    if (newTag && newTag !== tag) patch.tag = newTag;
    if (req.model_mapping !== undefined && req.model_mapping !== null) patch.model_mapping = checkModelMapping(req.model_mapping);
    if (req.models !== undefined && req.models !== null) patch.models = checkModels(req.models);
    if (req.groups !== undefined && req.groups !== null && splitList(req.groups).length) patch.group = checkGroups(req.groups);
    if (req.priority !== undefined && req.priority !== null) patch.priority = checkPriority(req.priority);
    if (req.weight !== undefined && req.weight !== null) patch.weight = checkWeight(req.weight);
    if (Object.keys(patch).length === 0) throw new ServiceError('channel.no_changes');
    return inTransaction(this.em, async (tx) => {
      const channels = await tx.find(ChannelEntity, { tag });
      if (channels.length === 0) throw new ServiceError('channel.not_found');
      for (const ch of channels) tx.assign(ch, patch);
      await tx.nativeUpdate(ChannelEntity, { id: { $in: channels.map((c) => c.id) } }, patch);
      await rebuildAbilities(tx, channels);
      await this.epochs.bump('channels', tx);
      return channels.length;
    });
  }

  /** Enables (1) or disables (2) every channel of a tag; returns how many. */
  async setTagStatus(actor: Actor, tagIn: string, status: 1 | 2): Promise<number> {
    adminOnly(actor);
    const tag = tagIn.trim();
    if (!tag) throw new ServiceError('channel.tag_required');
    return inTransaction(this.em, async (tx) => {
      const ids = (await tx.find(ChannelEntity, { tag }, { fields: ['id'] })).map((c) => c.id);
      if (ids.length === 0) throw new ServiceError('channel.not_found');
      await tx.nativeUpdate(ChannelEntity, { id: { $in: ids } }, { status });
      await setAbilitiesEnabled(tx, ids, status === ChannelStatus.enabled);
      await this.epochs.bump('channels', tx);
      return ids.length;
    });
  }

  /** Sets (or, with an empty tag, clears) the tag of the given channels; returns how many. */
  async setTagOf(actor: Actor, ids: number[], tagIn: string | null): Promise<number> {
    adminOnly(actor);
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw new ServiceError('channel.select_first');
    const tag = (tagIn ?? '').trim() || null;
    return inTransaction(this.em, async (tx) => {
      const n = await tx.nativeUpdate(ChannelEntity, { id: { $in: unique } }, { tag });
      await setAbilitiesTag(tx, unique, tag);
      await this.epochs.bump('channels', tx);
      return n;
    });
  }

  // ---- upstream calls ----

  async fetchModelsOf(actor: Actor, id: number, lang: Lang): Promise<string[]> {
    adminOnly(actor);
    const ch = await this.load(this.em.fork(), id);
    const key = firstKey(ch.key);
    if (!key) throw new ServiceError('channel.key_required');
    return this.fetchModelList({ type: ch.type, base_url: ch.base_url, key, openai_organization: ch.openai_organization, other: ch.other }, lang, proxyOf(ch));
  }

  /** The form's helper: an ad-hoc key (first line only) against a type's upstream. */
  async fetchModels(actor: Actor, req: ChannelFetchModelsRequest, lang: Lang): Promise<string[]> {
    adminOnly(actor);
    if (!isChannelType(req.type)) throw new ServiceError('channel.type_invalid', { type: req.type });
    const key = firstKey(req.key);
    if (!key) throw new ServiceError('channel.key_required');
    return this.fetchModelList({ type: req.type, base_url: checkBaseUrl(req.base_url ?? ''), key, other: (req.other ?? '').trim() }, lang);
  }

  private async fetchModelList(conn: ChannelConn, lang: Lang, proxy = ''): Promise<string[]> {
    const call = modelsCall(conn);
    if (!call) throw new ServiceError('channel.type_fetch_models_unsupported', typeParams(conn.type));
    requireBaseUrl(conn);
    const fail = (cause: Cause): never => {
      throw new ServiceError('channel.fetch_models_failed', { cause: translate(lang, cause.key, cause.params) });
    };
    const secrets = secretPieces(conn.key);
    try {
      const res = await outboundRequest(call.url, { ...call, timeoutMs: this.timeouts.models, signal: this.stop.signal, proxy });
      if (res.status < 200 || res.status >= 300) return fail(httpCause(upstreamFailure(res.status, res.json, res.text), secrets));
      const models = parseModels(res.json);
      if (!models) return fail({ key: 'channel.cause_bad_response' });
      return models;
    } catch (e) {
      if (e instanceof OutboundError) return fail(outboundCause(e, this.timeouts.models));
      throw e;
    }
  }

  /** A real minimal request to the channel's upstream; stores response_time (ms) and test_time. */
  async test(actor: Actor, id: number, model: string | undefined, lang: Lang): Promise<ChannelTestOutcome> {
    adminOnly(actor);
    const ch = await this.load(this.em.fork(), id);
    return this.runTest(ch, model, lang);
  }

  private async runTest(ch: Channel, requested: string | undefined, lang: Lang): Promise<ChannelTestOutcome> {
    const key = firstKey(ch.key);
    if (!key) throw new ServiceError('channel.key_required');
    const { model, upstream } = testModelFor(ch, requested);
    const conn: ChannelConn = { type: ch.type, base_url: ch.base_url, key, openai_organization: ch.openai_organization, other: ch.other };
    const planned = UNTESTABLE.has(ch.type) ? null : testCall(conn, upstream, model);
    if (!planned) throw new ServiceError('channel.type_test_unsupported', typeParams(ch.type));
    requireBaseUrl(conn);
    const secrets = secretPieces(ch.key);
    let failure: UpstreamFailure | undefined;
    let cause: Cause | undefined;
    let answerJson: unknown;
    const started = performance.now();
    try {
      const res = await outboundRequest(planned.call.url, { ...planned.call, timeoutMs: this.timeouts.test, signal: this.stop.signal, proxy: proxyOf(ch) });
      answerJson = res.json;
      if (res.status < 200 || res.status >= 300) {
        failure = upstreamFailure(res.status, res.json, res.text);
        failure.message = redactSecrets(failure.message, secrets);
        cause = httpCause(failure, secrets);
      } else if (!testAnswerOk(planned.kind, res.json)) {
        failure = { status: res.status, message: 'unrecognised answer', local: true };
        cause = { key: 'channel.cause_bad_response' };
      }
    } catch (e) {
      if (!(e instanceof OutboundError)) throw e;
      failure = { message: e.detail, local: true };
      cause = outboundCause(e, this.timeouts.test);
    }
    const elapsedMs = Math.max(1, Math.round(performance.now() - started));
    await this.write(async (tx) => {
      await tx.nativeUpdate(ChannelEntity, { id: ch.id }, { response_time: elapsedMs, test_time: this.clock() });
    });
    if (!cause) await this.onTested?.({ channel: { id: ch.id, name: ch.name }, model, upstreamModel: upstream, kind: planned.kind, answer: answerJson, elapsedMs });
    const time = elapsedMs / 1000;
    if (!cause) return { time, model, elapsedMs };
    return { time, model, elapsedMs, failure, error: { key: 'channel.test_failed', params: { cause: translate(lang, cause.key, cause.params) } } };
  }

  /** Starts testing every enabled and auto-disabled channel in the background (one at a time). */
  startTestAll(actor: Actor, lang: Lang, onError: (e: unknown) => void = () => undefined): void {
    adminOnly(actor);
    if (this.testAllRun) throw new ServiceError('channel.test_all_running');
    this.testAllRun = this.testAll(lang, onError).finally(() => (this.testAllRun = null));
  }

  /**
   * The background test loop (reference §3.8, new-api's CHANNEL_TEST_FREQUENCY): every `intervalMs`, test every enabled
   * and auto-disabled channel one at a time, `pauseMs` apart, applying the auto-disable/enable rules. A round still
   * running (or an admin's test-all) makes the next tick wait for the one after. Stored reasons are in Chinese, the
   * server's default language. Returns the timer (unref'd) so the caller can stop it.
   */
  startTestLoop(intervalMs: number, pauseMs: number, onError: (e: unknown) => void): NodeJS.Timeout {
    const timer = setInterval(() => {
      if (this.testAllRun || this.stop.signal.aborted) return;
      this.testAllRun = this.testAll('zh', onError, pauseMs).finally(() => (this.testAllRun = null));
    }, intervalMs);
    timer.unref();
    return timer;
  }

  /** Resolves when no test-all is running (tests, shutdown). */
  async testAllIdle(): Promise<void> {
    await this.testAllRun;
  }

  private async testAll(lang: Lang, onError: (e: unknown) => void, pauseMs = 0): Promise<void> {
    const ids = (await this.em.fork().find(
      ChannelEntity,
      { status: { $in: [ChannelStatus.enabled, ChannelStatus.autoDisabled] } },
      { fields: ['id'], orderBy: { id: 'asc' } },
    )).map((c) => c.id);
    for (const [i, id] of ids.entries()) {
      if (this.stop.signal.aborted) return;
      if (i > 0 && pauseMs > 0) await sleep(pauseMs, this.stop.signal);
      if (this.stop.signal.aborted) return;
      try {
        const ch = await this.em.fork().findOne(ChannelEntity, { id });
        if (!ch || UNTESTABLE.has(ch.type) || !firstKey(ch.key)) continue;
        let outcome: ChannelTestOutcome;
        try {
          outcome = await this.runTest(ch, undefined, lang);
        } catch (e) {
          if (e instanceof ServiceError) continue; // no test for this type
          throw e;
        }
        const decision = testOutcome({
          status: ch.status,
          autoBan: ch.auto_ban === 1,
          failure: outcome.failure ?? null,
          elapsedMs: outcome.elapsedMs,
          thresholdSeconds: this.options.number('ChannelDisableThreshold'),
          autoDisableEnabled: this.options.bool('AutomaticDisableChannelEnabled'),
          autoEnableEnabled: this.options.bool('AutomaticEnableChannelEnabled'),
          channelType: ch.type,
          keywords: parseKeywords(this.options.get('AutomaticDisableKeywords')),
        });
        if (decision === 'enable') {
          await this.setStatus(ch.id, ChannelStatus.enabled);
          this.onStatusChange?.({ id: ch.id, name: ch.name, change: 'enabled' });
        }
        if (decision === 'disable') {
          const limit = this.options.number('ChannelDisableThreshold');
          const reason = outcome.failure
            ? (outcome.error ? translate(lang, outcome.error.key, outcome.error.params) : outcome.failure.message)
            : translate(lang, 'channel.reason_slow', { time: outcome.time, limit });
          await this.autoDisable(ch.id, reason);
        }
      } catch (e) {
        onError(e);
      }
    }
  }

  async updateBalance(actor: Actor, id: number, lang: Lang): Promise<ChannelBalanceResult> {
    adminOnly(actor);
    const ch = await this.load(this.em.fork(), id);
    if (!balanceSupported(ch.type)) throw new ServiceError('channel.type_balance_unsupported', typeParams(ch.type));
    try {
      return await this.refreshBalance(ch);
    } catch (e) {
      throw this.balanceError(e, ch.key, lang);
    }
  }

  /** Every enabled channel whose type offers a balance; a balance ≤ 0 auto-disables the channel when auto_ban is on. */
  async updateAllBalances(actor: Actor, lang: Lang): Promise<ChannelBalanceAllResult> {
    adminOnly(actor);
    const channels = (await this.em.fork().find(ChannelEntity, { status: ChannelStatus.enabled }, { orderBy: { id: 'asc' } }))
      .filter((c) => balanceSupported(c.type) && firstKey(c.key));
    const result: ChannelBalanceAllResult = { updated: 0, failed: 0, disabled: 0 };
    let next = 0;
    const worker = async () => {
      while (next < channels.length && !this.stop.signal.aborted) {
        const ch = channels[next++];
        try {
          const { balance } = await this.refreshBalance(ch);
          result.updated++;
          if (balance <= 0 && ch.auto_ban === 1) {
            await this.autoDisable(ch.id, translate(lang, 'channel.reason_balance'));
            result.disabled++;
          }
        } catch {
          result.failed++;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, channels.length) }, worker));
    return result;
  }

  private async refreshBalance(ch: Channel): Promise<ChannelBalanceResult> {
    const key = firstKey(ch.key);
    if (!key) throw new ServiceError('channel.key_required');
    const conn: ChannelConn = { type: ch.type, base_url: ch.base_url, key, openai_organization: ch.openai_organization, other: ch.other };
    requireBaseUrl(conn);
    const balance = await fetchBalance(conn, async (url, headers) => {
      const r = await outboundRequest(url, { headers, timeoutMs: this.timeouts.balance, signal: this.stop.signal, proxy: proxyOf(ch) });
      return { status: r.status, json: r.json, text: r.text };
    }, new Date(this.clock() * 1000));
    const updated = this.clock();
    const rounded = Math.round(balance * 1e6) / 1e6;
    await this.write((tx) => tx.nativeUpdate(ChannelEntity, { id: ch.id }, { balance: rounded, balance_updated_time: updated }));
    return { balance: rounded, balance_updated_time: updated };
  }

  private balanceError(e: unknown, key: string, lang: Lang): ServiceError {
    if (e instanceof ServiceError) return e;
    let cause: Cause;
    if (e instanceof OutboundError) cause = outboundCause(e, this.timeouts.balance);
    else if (e instanceof BalanceError) cause = e.failure.status && !e.failure.local ? httpCause(e.failure, secretPieces(key)) : { key: 'channel.cause_bad_response' };
    else throw e;
    return new ServiceError('channel.balance_failed', { cause: translate(lang, cause.key, cause.params) });
  }

  /** Stops background work: in-flight upstream calls are aborted and test-all ends. */
  async close(): Promise<void> {
    this.stop.abort();
    await this.testAllRun?.catch(() => undefined);
  }

  // ---- helpers ----

  private order(idSort?: boolean) {
    return idSort ? { id: 'desc' as const } : { priority: 'desc' as const, id: 'desc' as const };
  }

  private async load(em: EntityManager, id: number): Promise<Channel> {
    const ch = await em.findOne(ChannelEntity, { id });
    if (!ch) throw new ServiceError('channel.not_found');
    return ch;
  }

  private async deleteIds(tx: EntityManager, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    let n = 0;
    for (let i = 0; i < ids.length; i += 500) n += await tx.nativeDelete(ChannelEntity, { id: { $in: ids.slice(i, i + 500) } });
    await deleteAbilities(tx, ids);
    await this.epochs.bump('channels', tx);
    return n;
  }

  private write<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    return inTransaction(this.em, async (tx) => {
      const out = await fn(tx);
      await this.epochs.bump('channels', tx);
      return out;
    });
  }

  private async setStatus(id: number, status: number): Promise<void> {
    await this.write(async (tx) => {
      await tx.nativeUpdate(ChannelEntity, { id }, { status });
      await setAbilitiesEnabled(tx, [id], status === ChannelStatus.enabled);
    });
  }

  /** Status 3 with the reason and time in other_info (reference §3.7); test-all, balances and the relay use it. */
  async autoDisable(id: number, reason: string): Promise<void> {
    const stored = reason.slice(0, 500);
    const name = await this.write(async (tx) => {
      const ch = await tx.findOne(ChannelEntity, { id });
      if (!ch || ch.status !== ChannelStatus.enabled) return null;
      const n = await tx.nativeUpdate(ChannelEntity, { id, status: ChannelStatus.enabled }, {
        status: ChannelStatus.autoDisabled, other_info: withStatusReason(ch.other_info, stored, this.clock()),
      });
      if (!n) return null;
      await setAbilitiesEnabled(tx, [id], false);
      return ch.name;
    });
    if (name !== null) this.onStatusChange?.({ id, name, change: 'disabled', reason: stored });
  }
}

/** Channels are an administrator's business only (spec 3 §6); checked here too, so the CLI gets the same rule. */
function adminOnly(actor: Actor): void {
  if (!isAdmin(actor)) throw new ServiceError('auth.insufficient_role');
}

/** Channels in list order, grouped: a tag's channels together at its first place, untagged channels alone. */
function groupByTag<T extends { id: number; tag?: string | null }>(rows: readonly T[]): T[][] {
  const groups: T[][] = [];
  const byTag = new Map<string, T[]>();
  for (const r of rows) {
    if (!r.tag) {
      groups.push([r]);
      continue;
    }
    let g = byTag.get(r.tag);
    if (!g) {
      g = [];
      byTag.set(r.tag, g);
      groups.push(g);
    }
    g.push(r);
  }
  return groups;
}

/** A type without a default base URL needs the channel's own (a custom channel, Azure…). */
function requireBaseUrl(c: ChannelConn): void {
  if (!effectiveBaseUrl(c.type, c.base_url)) throw new ServiceError('channel.base_url_required');
}

function httpCause(f: UpstreamFailure, secrets: readonly string[]): Cause {
  return { key: 'channel.cause_http', params: { status: f.status ?? 0, message: redactSecrets(f.message, secrets) } };
}

function outboundCause(e: OutboundError, timeoutMs: number): Cause {
  switch (e.kind) {
    case 'timeout':
      return { key: 'channel.cause_timeout', params: { seconds: Math.round(timeoutMs / 100) / 10 } };
    case 'blocked':
      return { key: 'channel.cause_blocked' };
    case 'too_large':
      return { key: 'channel.cause_too_large' };
    default:
      return { key: 'channel.cause_network', params: { detail: e.detail } };
  }
}

/** Waits `ms`, or less when `signal` aborts (shutdown). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The channel's own proxy from its JSON settings ('' for none). */
const proxyOf = (ch: { setting: string }): string => channelProxy(parseJsonObject(ch.setting));
