// Google's error body `{"error": {"code": 400, "message": "…", "status": "INVALID_ARGUMENT"}}` (sometimes wrapped in
// a one-element array, as streamGenerateContent without alt=sse answers). The status string is Google's type; it
// drives retries and the user's message like OpenAI's `type`. Also the status names for our own errors.
import { readUpstreamError } from '../upstream-error.js';
import type { UpstreamError } from '../types.js';

/** google.rpc status names by HTTP status (the mapping Google's APIs document). */
const STATUS_BY_HTTP: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** Every google.rpc status name: an upstream's own one is kept as sent. */
export const GOOGLE_STATUSES = new Set([
  'OK', 'CANCELLED', 'UNKNOWN', 'INVALID_ARGUMENT', 'DEADLINE_EXCEEDED', 'NOT_FOUND', 'ALREADY_EXISTS', 'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED', 'FAILED_PRECONDITION', 'ABORTED', 'OUT_OF_RANGE', 'UNIMPLEMENTED', 'INTERNAL', 'UNAVAILABLE',
  'DATA_LOSS', 'UNAUTHENTICATED',
]);

export function googleStatus(httpStatus: number, type?: string): string {
  if (type && GOOGLE_STATUSES.has(type)) return type;
  return STATUS_BY_HTTP[httpStatus] ?? (httpStatus >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');
}

export const googleErrorJson = (httpStatus: number, message: string, type?: string) => ({
  error: { code: httpStatus, message, status: googleStatus(httpStatus, type) },
});

export function geminiError(status: number, json: unknown, text: string): UpstreamError {
  return readUpstreamError(status, Array.isArray(json) && json.length ? json[0] : json, text);
}
