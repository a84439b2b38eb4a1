// The Gemini format bridges (reference §6.2), composed by providers/registry.ts like the Claude ones: OpenAI chat and
// embeddings clients on Gemini channels, and Gemini clients (generateContent, embedContent, batchEmbedContents) on
// OpenAI-compatible channels.
import type { Bridge } from './bridge.js';
import { inlineImageUrls, openaiToGeminiRequest } from './openai-to-gemini-request.js';
import { geminiToOpenaiResponse } from './gemini-to-openai-response.js';
import { geminiToOpenaiStream } from './gemini-to-openai-stream.js';
import { geminiToOpenaiRequest } from './gemini-to-openai-request.js';
import { openaiToGeminiResponse } from './openai-to-gemini-response.js';
import { openaiToGeminiStream } from './openai-to-gemini-stream.js';
import { geminiToOpenaiEmbedRequest, geminiToOpenaiEmbedResponse, openaiToGeminiEmbedRequest, openaiToGeminiEmbedResponse } from './gemini-embeddings.js';

/** An OpenAI chat client on a Gemini channel. */
export const openaiChatViaGemini: Bridge = {
  from: 'openai.chat',
  to: 'gemini.generate',
  request: openaiToGeminiRequest,
  prepare: inlineImageUrls,
  answer: geminiToOpenaiResponse,
  stream: geminiToOpenaiStream,
};

/** A Gemini generateContent client on an OpenAI-compatible channel. */
export const geminiViaOpenaiChat: Bridge = {
  from: 'gemini.generate',
  to: 'openai.chat',
  request: geminiToOpenaiRequest,
  answer: openaiToGeminiResponse,
  stream: (call) => openaiToGeminiStream(call),
};

/** An OpenAI embeddings client on a Gemini channel (one batchEmbedContents call). */
export const openaiEmbeddingsViaGemini: Bridge = {
  from: 'openai.embeddings',
  to: 'gemini.batch_embed',
  request: openaiToGeminiEmbedRequest,
  answer: geminiToOpenaiEmbedResponse,
};

/** Gemini embedding clients on an OpenAI-compatible channel. */
export const geminiEmbedViaOpenai: Bridge = {
  from: 'gemini.embed',
  to: 'openai.embeddings',
  request: (body, call) => geminiToOpenaiEmbedRequest(body, call, false),
  answer: (json) => openaiToGeminiEmbedResponse(json, false),
};
export const geminiBatchEmbedViaOpenai: Bridge = {
  from: 'gemini.batch_embed',
  to: 'openai.embeddings',
  request: (body, call) => geminiToOpenaiEmbedRequest(body, call, true),
  answer: (json) => openaiToGeminiEmbedResponse(json, true),
};

export const geminiBridges: readonly Bridge[] = [openaiChatViaGemini, geminiViaOpenaiChat, openaiEmbeddingsViaGemini, geminiEmbedViaOpenai, geminiBatchEmbedViaOpenai];
