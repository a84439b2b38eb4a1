// The adapters' settings (providers/settings.ts), parsed again only when the option store reloads (its version
// moves), so a request parses no JSON option.
import type { OptionStore } from '../modules/option/option.store.js';
import { parseRelaySettings } from '../providers/settings.js';
import type { RelaySettings } from '../providers/types.js';

export class RelaySettingsCache {
  private version = -1;
  private settings!: RelaySettings;

  constructor(private readonly options: OptionStore) {}

  get(): RelaySettings {
    if (this.version !== this.options.version) {
      this.settings = parseRelaySettings((key) => this.options.get(key));
      this.version = this.options.version;
    }
    return this.settings;
  }
}
