// Typed calls of the pricing page (spec 3 §7 "Pricing"): public, a signed-in caller is priced in their groups.
import type { PricingData } from '@contract/pricing';
import type { ApiClient } from '../../api/client';

export function pricingApi(api: ApiClient) {
  return {
    /** Quiet: the page shows its own failure line with a retry button. */
    pricing: () => api.get<PricingData>('/api/pricing', { quiet: true }),
  };
}

export type PricingApi = ReturnType<typeof pricingApi>;
