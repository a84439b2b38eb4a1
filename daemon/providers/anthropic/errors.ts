// Anthropic's error body `{"type": "error", "error": {"type", "message"}}`: the shared reader takes
// `error.message` and `error.type` (overloaded_error, rate_limit_error …), which drive retries and the user's message.
import { readUpstreamError } from '../upstream-error.js';
import type { UpstreamError } from '../types.js';

export const anthropicError = (status: number, json: unknown, text: string): UpstreamError => readUpstreamError(status, json, text);
