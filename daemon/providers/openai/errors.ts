// OpenAI's error body `{"error": {"message", "type", "param", "code"}}` (also what compatible vendors send).
import { readUpstreamError } from '../upstream-error.js';
import type { UpstreamError } from '../types.js';

export const openaiError = (status: number, json: unknown, text: string): UpstreamError => readUpstreamError(status, json, text);
