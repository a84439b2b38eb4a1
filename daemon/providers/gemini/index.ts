// The Gemini protocol family: Google Gemini channels (type 24) speak generateContent and the embedding methods
// natively; OpenAI chat and embeddings clients reach them through bridges (relay/convert/, composed in registry.ts).
import type { ProviderFamily } from '../types.js';
import { generateAdapter } from './generate.js';
import { batchEmbedAdapter, embedAdapter } from './embeddings.js';
import { geminiError } from './errors.js';

export const GEMINI_TYPE = 24;

export const geminiFamily: ProviderFamily = {
  id: 'gemini',
  channelTypes: [GEMINI_TYPE],
  endpoints: { 'gemini.generate': generateAdapter, 'gemini.embed': embedAdapter, 'gemini.batch_embed': batchEmbedAdapter },
  error: geminiError,
};
