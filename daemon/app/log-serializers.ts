// What the server log says about a request: Fastify's default fields, with API keys taken out of the URL. Gemini
// clients may send their key as `?key=` (Google's own convention), and keys must never reach a log (lessons §0.4).
import type { FastifyRequest } from 'fastify';

/** A URL with the values of key-like query parameters replaced. */
export function logSafeUrl(url: string): string {
  return url.replace(/([?&](?:key|api_key|apikey|access_token|token)=)[^&#]*/gi, '$1***');
}

export function requestLogFields(req: FastifyRequest) {
  return {
    method: req.method,
    url: logSafeUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
