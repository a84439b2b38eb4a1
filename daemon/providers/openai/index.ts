// The OpenAI protocol family: OpenAI itself, Azure OpenAI and every vendor that speaks the same API (vendors.ts).
import type { ProviderFamily } from '../types.js';
import { AZURE_TYPE, OPENAI_TYPES } from './vendors.js';
import { openaiEndpoints } from './endpoints.js';
import { openaiError } from './errors.js';

export const openaiFamily: ProviderFamily = {
  id: 'openai',
  channelTypes: [...OPENAI_TYPES, AZURE_TYPE],
  endpoints: openaiEndpoints,
  error: openaiError,
};
