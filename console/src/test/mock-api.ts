// A fetch stand-in that answers by "METHOD /path" and records every request, so tests can assert payloads.
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  credentials?: RequestCredentials;
}

export interface MockReply {
  status?: number;
  json?: unknown;
}

/** A plain value is answered as {success:true, data: value}; a function may build any reply. */
export type MockRoute = unknown | ((req: RecordedRequest) => MockReply | Promise<MockReply>);

export const ok = (data: unknown): MockReply => ({ json: { success: true, message: '', data } });
export const failure = (message: string, status = 200): MockReply => ({ status, json: { success: false, message } });

export function mockApi(routes: Record<string, MockRoute>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const parsed = new URL(url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const req: RecordedRequest = {
      method,
      path: parsed.pathname,
      url,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    requests.push(req);
    const route = routes[`${method} ${parsed.pathname}`];
    let reply: MockReply;
    if (route === undefined) reply = failure(`no mock for ${method} ${parsed.pathname}`, 404);
    else if (typeof route === 'function') reply = await (route as (r: RecordedRequest) => MockReply)(req);
    else reply = ok(route);
    return new Response(JSON.stringify(reply.json ?? null), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const find = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
  return { fetch: fetchMock, requests, find };
}
