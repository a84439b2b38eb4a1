// Every provider family, listed explicitly (no folder discovery in a bundled binary). The core asks here which
// family serves a channel type; it never names one.
import type { EndpointAdapter, ProviderFamily, WireFormat } from './types.js';
import { openaiFamily } from './openai/index.js';

export const families: readonly ProviderFamily[] = [openaiFamily];

const byType = new Map<number, ProviderFamily>();
for (const f of families) for (const t of f.channelTypes) if (!byType.has(t)) byType.set(t, f);

export const familyFor = (channelType: number): ProviderFamily | undefined => byType.get(channelType);

/** The adapter a channel type offers for a wire format, if any. */
export const adapterFor = (channelType: number, format: WireFormat): EndpointAdapter | undefined => familyFor(channelType)?.endpoints[format];
