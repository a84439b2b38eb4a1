// Site options for people (spec 2 §6, §7): the lists each role may read, with secrets masked, and one-key saves
// checked for scope, value and the cross-option rules. The /api routes and `gateway option` both use it. The super
// admin reads and writes the site's values; an agent reads and writes only its own copy of the white-label keys
// (design agents.md §5), never the site's.
import {
  agentOptionKeys, isOptionKey, optionAllowed, optionItem, optionKeys, optionRegistry, type OptionItem, type OptionKey,
} from '../../contract/options.js';
import { ServiceError } from '../../app/errors.js';
import { isAdmin, type Actor } from '../../app/actor.js';
import type { MessageKey } from '../../i18n/messages.js';
import type { OptionStore } from './option.store.js';
import type { AgentOptionStore } from '../agent/agent-option.store.js';
import type { Branding } from '../agent/branding.js';
import { checkOption } from './option-validate.js';
import { applyRules } from './option-rules.js';

export interface SaveResult {
  /** Every key the save wrote (none when the value was already stored), secrets masked. */
  items: OptionItem[];
  /** 'option.saved', 'option.unchanged', or a warning about what the change means. */
  message: MessageKey;
}

export class OptionService {
  constructor(
    private readonly store: OptionStore,
    private readonly agents: { own: AgentOptionStore; branding: Branding },
  ) {}

  /** Every key (super admin). */
  listAll(): OptionItem[] {
    return optionKeys.map((k) => optionItem(k, this.store.get(k)));
  }

  /** The white-label keys with the values the actor's audience sees: an agent's own (else the site's), the site's for the super admin. */
  listAgent(actor: Actor): OptionItem[] {
    const o = isAdmin(actor) ? this.store : this.agents.branding.options(actor.id);
    return agentOptionKeys.map((k) => optionItem(k, o.get(k)));
  }

  /** What the actor's role may read: everything for a super admin, its white-label keys for an agent. */
  listFor(actor: Actor): OptionItem[] {
    if (isAdmin(actor)) return this.listAll();
    if (actor.role >= 10) return this.listAgent(actor);
    throw new ServiceError('auth.insufficient_role');
  }

  /** One key as lists show it, plus the stored value itself for callers that may see it (the CLI's `option get`). */
  get(actor: Actor, key: string): OptionItem & { raw: string } {
    const k = this.known(actor, key);
    return { ...optionItem(k, this.store.get(k)), raw: this.store.get(k) };
  }

  /** Saves one key (spec 2 §7: one PUT per changed key). */
  async update(actor: Actor, key: string, raw: unknown): Promise<SaveResult> {
    const k = this.known(actor, key);
    const checked = checkOption(k, raw);
    if (!checked.ok) throw new ServiceError(checked.error, checked.params);
    const value = checked.value;
    if (!isAdmin(actor)) return this.updateOwn(actor, k, value);
    // Nothing to do when the snapshot already holds it (and no rule would write anything): no write, no reload.
    const preview = applyRules(k, value, (x) => this.store.get(x));
    if (preview.ok && preview.writes.every(([x, v]) => this.store.get(x) === v)) return { items: [], message: 'option.unchanged' };

    let warning: MessageKey | undefined;
    const written = await this.store.change((get) => {
      const r = applyRules(k, value, get);
      if (!r.ok) throw new ServiceError(r.error, r.params);
      warning = r.warning;
      return Object.fromEntries(r.writes.filter(([x, v]) => get(x) !== v));
    });
    return { items: written.map(([x, v]) => optionItem(x, v)), message: written.length ? (warning ?? 'option.saved') : 'option.unchanged' };
  }

  /** An agent's save: its own copy of a white-label key, compared with what its audience sees now. */
  private async updateOwn(actor: Actor, key: OptionKey, value: string): Promise<SaveResult> {
    if (this.agents.branding.options(actor.id).get(key) === value) return { items: [], message: 'option.unchanged' };
    await this.agents.own.set({ id: actor.id, username: actor.username }, key, value);
    return { items: [optionItem(key, value)], message: 'option.saved' };
  }

  /** POST /api/option/rest_model_ratio: the model ratio table back to the built-in defaults (super admin). */
  async resetModelRatio(actor: Actor): Promise<void> {
    if (!isAdmin(actor)) throw new ServiceError('auth.insufficient_role');
    await this.store.change(() => ({ ModelRatio: optionRegistry.ModelRatio.default }));
  }

  private known(actor: Actor, key: string): OptionKey {
    if (!isOptionKey(key)) throw new ServiceError('option.unknown_key', { key });
    if (!optionAllowed(actor.role, key)) throw new ServiceError('option.admin_only', { key });
    return key;
  }
}
