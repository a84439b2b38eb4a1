// Every provider family, listed explicitly (no folder discovery in a bundled binary). The core asks here which
// family serves a channel type, and which adapter serves an inbound wire format on it: the family's native one,
// else the family's native adapter of another format behind a format bridge (relay/convert/). It never names one.
import type { EndpointAdapter, ProviderFamily, WireFormat } from './types.js';
import { openaiFamily } from './openai/index.js';
import { anthropicFamily } from './anthropic/index.js';
import { azureFamily } from './azure/index.js';
import { geminiFamily } from './gemini/index.js';
import { bridged } from '../relay/convert/bridge.js';
import { bridges } from '../relay/convert/index.js';

export const families: readonly ProviderFamily[] = [openaiFamily, anthropicFamily, azureFamily, geminiFamily];

const byType = new Map<number, ProviderFamily>();
for (const f of families) for (const t of f.channelTypes) if (!byType.has(t)) byType.set(t, f);

/** Per family: every format it can serve, natively or bridged (built once; adapters are stateless). */
const served = new Map<ProviderFamily, Map<WireFormat, EndpointAdapter>>();
for (const f of families) {
  const m = new Map<WireFormat, EndpointAdapter>(Object.entries(f.endpoints) as [WireFormat, EndpointAdapter][]);
  for (const b of bridges) {
    const native = f.endpoints[b.to];
    if (native && !m.has(b.from)) m.set(b.from, bridged(native, b));
  }
  served.set(f, m);
}

export const familyFor = (channelType: number): ProviderFamily | undefined => byType.get(channelType);

/** The adapter a channel type offers for a wire format, if any (native first, else bridged). */
export const adapterFor = (channelType: number, format: WireFormat): EndpointAdapter | undefined => {
  const f = byType.get(channelType);
  return f && served.get(f)!.get(format);
};

