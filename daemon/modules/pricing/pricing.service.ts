// GET /api/pricing, /api/tags and /api/models (spec 3 "Pricing page"; reference §1.2, §4.9): the models enabled
// channels offer, priced by the relay's own price resolution, for the viewer's groups. Reads only the in-memory
// channel cache and option store; the offers are rebuilt when either moves, and each viewer kind's rows are kept
// until then, so a busy pricing page costs a map lookup.
import type { Actor } from '../../app/actor.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import type { ChannelCache } from '../../app/cache/channel-cache.js';
import type { UserCache } from '../../app/cache/user-cache.js';
import { VISITOR_GROUP, type ModelsByChannelType, type PricingData, type PricingVendor } from '../../contract/pricing.js';
import type { Lang } from '../../i18n/lang.js';
import { translate } from '../../i18n/translate.js';
import { PricingCache } from '../../relay/pricing.js';
import type { OptionStore } from '../option/option.store.js';
import { collectOffers, pricingRows, type Offer, type Viewer } from './pricing-list.js';
import { TAGS } from './model-tags.js';
import { usableGroups } from '../user/user-overrides.js';
import { VENDORS } from './vendors.js';

export interface PricingServiceDeps {
  options: OptionStore;
  epochs: CacheEpochs;
  channels: ChannelCache;
  users: UserCache;
}

/** Views kept per snapshot (one per group × accept-unset setting; groups are few). */
const MAX_VIEWS = 256;

export class PricingService {
  private readonly prices: PricingCache;
  private version = '';
  private offers: Offer[] = [];
  private views = new Map<string, PricingData>();

  constructor(private readonly d: PricingServiceDeps) {
    this.prices = new PricingCache(d.options);
  }

  /** The current offers; rebuilt when the options or the channels moved. */
  private async current(): Promise<Offer[]> {
    await this.d.epochs.pending; // a write by this process a moment ago (an admin's edit) is in the caches
    await this.d.channels.load();
    const version = `${this.d.options.version}:${this.d.channels.version}`;
    if (version !== this.version) {
      this.offers = collectOffers(this.d.channels);
      this.views = new Map();
      this.version = version;
    }
    return this.offers;
  }

  /**
   * Who looks: a visitor is priced in the default group; a user in their own group, and may also use the
   * UserUsableGroups and their own allow_groups that GroupRatio prices (the relay refuses a token group it does not
   * price). A user's own model ratios price their rows, as they price their calls.
   */
  private async viewer(actor: Actor | null, lang: Lang): Promise<{ viewer: Viewer; usable: Record<string, string> }> {
    const own = actor ? actor.group || VISITOR_GROUP : VISITOR_GROUP;
    const user = actor ? await this.d.users.get(actor.id) : undefined;
    const groups = usableGroups(own, jsonObject(this.d.options.get('UserUsableGroups')), user?.allowGroups ?? null, {
      own: translate(lang, 'self.user_group_desc'), allowed: translate(lang, 'self.allow_group_desc'),
    });
    const usable: Record<string, string> = {};
    const priced = this.prices.pricedGroups();
    for (const [name, desc] of groups) if (name === own || priced.has(name)) usable[name] = desc;
    const viewer: Viewer = { group: own, groups: Object.keys(usable), acceptUnsetModel: user?.acceptUnsetModel ?? false, modelRatios: user?.modelRatios ?? null };
    return { viewer, usable };
  }

  async pricing(actor: Actor | null, lang: Lang): Promise<PricingData> {
    const offers = await this.current();
    const { viewer, usable } = await this.viewer(actor, lang);
    const key = `${lang}\0${viewer.acceptUnsetModel ? 1 : 0}\0${viewer.groups.join('\0')}`;
    // a user with own ratios has prices of their own: not shared through `views`
    const kept = viewer.modelRatios ? undefined : this.views.get(key);
    if (kept) return kept;
    const snapshot = this.prices.get();
    const models = pricingRows(offers, (q) => this.prices.price(q), viewer, snapshot.quotaPerUnit);
    const group_ratio: Record<string, number> = {};
    for (const g of viewer.groups) group_ratio[g] = snapshot.groupRatio.get(g) ?? 1;
    const usedVendors = new Set(models.map((m) => m.vendor));
    const usedTags = new Set(models.flatMap((m) => m.tags));
    const data: PricingData = {
      models,
      vendors: VENDORS.filter((v) => usedVendors.has(v.key)) satisfies PricingVendor[],
      tags: TAGS.filter((t) => usedTags.has(t)),
      groups: viewer.groups.slice(),
      group_ratio,
      usable_group: usable,
      user_group: viewer.group,
      quota_per_unit: snapshot.quotaPerUnit,
    };
    if (!viewer.modelRatios) {
      if (this.views.size >= MAX_VIEWS) this.views.clear();
      this.views.set(key, data);
    }
    return data;
  }

  /** GET /api/tags: the tags of the offered models, in display order. */
  async tags(): Promise<string[]> {
    const used = new Set((await this.current()).flatMap((o) => o.tags));
    return TAGS.filter((t) => used.has(t));
  }

  /** GET /api/models: channel type → the models the user may call through channels of that type, sorted. */
  async modelsByChannelType(actor: Actor, lang: Lang): Promise<ModelsByChannelType> {
    await this.current();
    const { viewer } = await this.viewer(actor, lang);
    const cache = this.d.channels;
    const byType = new Map<number, Set<string>>();
    for (const group of viewer.groups) {
      for (const model of cache.models(group)) {
        for (const c of cache.candidates(group, model)) {
          const type = cache.channel(c.channelId)?.type;
          if (type === undefined) continue;
          let set = byType.get(type);
          if (!set) byType.set(type, (set = new Set()));
          set.add(model);
        }
      }
    }
    const out: ModelsByChannelType = {};
    for (const type of [...byType.keys()].sort((a, b) => a - b)) out[String(type)] = [...byType.get(type)!].sort();
    return out;
  }
}

/** A JSON option that should be an object; {} when it is not. */
function jsonObject(raw: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
