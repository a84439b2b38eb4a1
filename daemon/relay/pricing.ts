// The price snapshot and the group lists, rebuilt only when the option store reloads (its version moves), so a
// request parses no JSON option. Resolved prices are kept too (a handful of model × group pairs repeat on every
// call): the same frozen Price object serves every call until the options move. A user with own model ratios
// (users.models_ratio) gets prices of their own, remembered beside their parsed table, so they too are resolved once.
import type { OptionStore } from '../modules/option/option.store.js';
import {
  PRICING_OPTION_KEYS, pricingSnapshot, resolvePrice, type PriceQuery, type PriceResult, type PricingOptions, type PricingSnapshot,
  type RatioTable,
} from '../billing/prices.js';
import { groupNames } from '../modules/token/token-rules.js';

const MAX_RESOLVED = 4096;
/** Prices kept per user with own ratios (the models they call). */
const MAX_RESOLVED_PER_USER = 256;

export class PricingCache {
  private version = -1;
  private snapshot!: PricingSnapshot;
  private usable!: ReadonlySet<string>;
  private priced!: ReadonlySet<string>;
  private resolved = new Map<string, PriceResult>();
  /** Per own-ratio table (one per cached user who has one): dropped with the table when the user is reloaded. */
  private resolvedFor = new WeakMap<RatioTable, Map<string, PriceResult>>();

  constructor(private readonly options: OptionStore) {}

  private refresh(): void {
    if (this.version === this.options.version) return;
    const raw = Object.fromEntries(PRICING_OPTION_KEYS.map((k) => [k, this.options.get(k)])) as PricingOptions;
    this.snapshot = pricingSnapshot(raw);
    this.usable = groupNames(this.options.get('UserUsableGroups'));
    this.priced = new Set(this.snapshot.groupRatio.keys());
    this.resolved = new Map();
    this.resolvedFor = new WeakMap();
    this.version = this.options.version;
  }

  get(): PricingSnapshot {
    this.refresh();
    return this.snapshot;
  }

  /** resolvePrice on the current snapshot, remembered per query (and per own-ratio table when the query has one). */
  price(q: PriceQuery): PriceResult {
    this.refresh();
    const key = `${q.model}\0${q.userGroup}\0${q.tokenGroup ?? ''}\0${q.acceptUnsetModel ? 1 : 0}${q.image ? 1 : 0}`;
    const own = q.userRatios;
    let memo = this.resolved;
    let max = MAX_RESOLVED;
    if (own) {
      max = MAX_RESOLVED_PER_USER;
      const kept = this.resolvedFor.get(own);
      if (kept) memo = kept;
      else this.resolvedFor.set(own, (memo = new Map()));
    }
    let r = memo.get(key);
    if (r === undefined) {
      r = resolvePrice(this.snapshot, q);
      if (r.ok) Object.freeze(r.price);
      if (memo.size >= max) memo.clear(); // model names come from callers: bounded
      memo.set(key, r);
    }
    return r;
  }

  /** Groups a user may put on a token (UserUsableGroups), besides their own. */
  usableGroups(): ReadonlySet<string> {
    this.refresh();
    return this.usable;
  }

  /** Groups that GroupRatio prices. */
  pricedGroups(): ReadonlySet<string> {
    this.refresh();
    return this.priced;
  }
}
