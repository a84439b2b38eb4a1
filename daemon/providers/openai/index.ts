// The OpenAI protocol family: OpenAI itself and every vendor that speaks the same API (vendors.ts). Azure reuses
// these endpoints with its own URLs (providers/azure/).
import type { ProviderFamily } from '../types.js';
import { OPENAI_TYPES } from './vendors.js';
import { openaiEndpoints } from './endpoints.js';
import { openaiError } from './errors.js';

export const openaiFamily: ProviderFamily = {
  id: 'openai',
  channelTypes: OPENAI_TYPES,
  endpoints: openaiEndpoints,
  error: openaiError,
};
