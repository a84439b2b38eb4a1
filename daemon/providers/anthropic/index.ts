// The Anthropic protocol family: Claude channels (type 14) speak the Messages API natively; OpenAI-style chat
// requests reach them through the openai.chat ⇄ claude.messages bridge (relay/convert/, composed in registry.ts).
import type { ProviderFamily } from '../types.js';
import { messagesAdapter } from './messages.js';
import { anthropicError } from './errors.js';

export const CLAUDE_TYPE = 14;

export const anthropicFamily: ProviderFamily = {
  id: 'anthropic',
  channelTypes: [CLAUDE_TYPE],
  endpoints: { 'claude.messages': messagesAdapter },
  error: anthropicError,
};
