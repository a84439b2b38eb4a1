// Every format bridge, listed explicitly (no discovery in a bundled binary). providers/registry.ts composes a
// bridge with a family's native adapter when the family does not serve the client's format itself. A new
// protocol (Gemini) adds its bridges here: e.g. openai.chat → gemini.generate, claude.messages → gemini.generate,
// gemini.generate → openai.chat.
import type { Bridge } from './bridge.js';
import { openaiToClaudeRequest } from './openai-to-claude-request.js';
import { claudeToOpenaiRequest } from './claude-to-openai-request.js';
import { claudeToOpenaiResponse } from './claude-to-openai-response.js';
import { openaiToClaudeResponse } from './openai-to-claude-response.js';
import { claudeToOpenaiStream } from './claude-to-openai-stream.js';
import { openaiToClaudeStream } from './openai-to-claude-stream.js';
import { geminiBridges } from './gemini-bridges.js';

/** An OpenAI chat client on a Claude channel. */
export const openaiChatViaClaude: Bridge = {
  from: 'openai.chat',
  to: 'claude.messages',
  request: (body) => openaiToClaudeRequest(body),
  answer: claudeToOpenaiResponse,
  stream: claudeToOpenaiStream,
};

/** A Claude Messages client on an OpenAI-compatible channel. */
export const claudeViaOpenaiChat: Bridge = {
  from: 'claude.messages',
  to: 'openai.chat',
  request: (body) => claudeToOpenaiRequest(body),
  answer: openaiToClaudeResponse,
  stream: (call) => openaiToClaudeStream(call),
};

export const bridges: readonly Bridge[] = [openaiChatViaClaude, claudeViaOpenaiChat, ...geminiBridges];
