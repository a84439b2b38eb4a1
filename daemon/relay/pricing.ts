// The price snapshot and the group lists, rebuilt only when the option store reloads (its version moves), so a
// request parses no JSON option.
import type { OptionStore } from '../modules/option/option.store.js';
import { PRICING_OPTION_KEYS, pricingSnapshot, type PricingOptions, type PricingSnapshot } from '../billing/prices.js';
import { groupNames } from '../modules/token/token-rules.js';

export class PricingCache {
  private version = -1;
  private snapshot!: PricingSnapshot;
  private usable!: ReadonlySet<string>;
  private priced!: ReadonlySet<string>;

  constructor(private readonly options: OptionStore) {}

  private refresh(): void {
    if (this.version === this.options.version) return;
    const raw = Object.fromEntries(PRICING_OPTION_KEYS.map((k) => [k, this.options.get(k)])) as PricingOptions;
    this.snapshot = pricingSnapshot(raw);
    this.usable = groupNames(this.options.get('UserUsableGroups'));
    this.priced = new Set(this.snapshot.groupRatio.keys());
    this.version = this.options.version;
  }

  get(): PricingSnapshot {
    this.refresh();
    return this.snapshot;
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
