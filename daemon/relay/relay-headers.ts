// Headers on every relay answer: CORS for any origin (keys travel in headers, never cookies), and the request id
// exposed to scripts. Set by the relay's onRequest hook on Fastify replies and written directly on answers the
// relay writes by hand (streams), so the two never differ.
export const RELAY_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-Oneapi-Request-Id',
};

/**
 * The head of a streamed answer, built as one literal: on Node 20 a spread of an object literal followed by more
 * properties costs about a microsecond per property (a measured V8 slow path), and this runs on every stream.
 */
export const streamHead = (requestId: string, json: boolean): Record<string, string> => ({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-Oneapi-Request-Id',
  'x-oneapi-request-id': requestId,
  'content-type': json ? 'application/json; charset=utf-8' : 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
});
