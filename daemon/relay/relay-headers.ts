// Headers on every relay answer: CORS for any origin (keys travel in headers, never cookies), and the request id
// exposed to scripts. Set by the relay's onRequest hook on Fastify replies and written directly on answers the
// relay writes by hand (streams), so the two never differ.
export const RELAY_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-Oneapi-Request-Id',
};
