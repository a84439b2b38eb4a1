// A local stand-in for GitHub, LinuxDO and the WeChat server, so sign-in tests exercise real HTTP calls:
// - GET  /{github|linuxdo}/authorize?state&redirect_uri: the "person approves" step; redirects to the callback page
//   with a fresh code for `nextUser[provider]` (browser tests).
// - POST /github/token (JSON client_id, client_secret, code), POST /linuxdo/token (Basic auth, form) -> access_token.
// - GET  /{github|linuxdo}/user (Bearer) -> the user the code was issued for.
// - GET  /api/wechat/user?code= with Authorization: <token> -> {success, message, data: wechatId}; /wechat/qr.svg is
//   a stand-in for the official account's QR code.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';

export type FakeProvider = 'github' | 'linuxdo';
export interface FakeUser {
  id: number;
  login?: string;
  username?: string;
  name?: string;
  email?: string | null;
}

export interface FakeOAuth {
  url: string;
  clients: Record<FakeProvider, { id: string; secret: string }>;
  wechatToken: string;
  /** Who "approves" at the authorize page next. */
  nextUser: Partial<Record<FakeProvider, FakeUser>>;
  /** Where authorize sends the browser back to (the gateway's origin). */
  callbackOrigin: string;
  /** A code the token endpoint accepts once, for this user. */
  issueCode(provider: FakeProvider, user: FakeUser): string;
  /** WeChat codes the fake WeChat server knows. */
  wechatCodes: Map<string, string>;
  /** Every request seen, for assertions. */
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers']; body: string }>;
  /** Makes the token endpoint fail with this OAuth error until cleared. */
  tokenError: string | null;
  config(): Record<string, string>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (d) => (s += d));
    req.on('end', () => resolve(s));
  });

export async function startFakeOAuth(): Promise<FakeOAuth> {
  const codes = new Map<string, { provider: FakeProvider; user: FakeUser }>();
  const tokens = new Map<string, { provider: FakeProvider; user: FakeUser }>();
  const fake: FakeOAuth = {
    url: '',
    clients: { github: { id: 'gh-client', secret: 'gh-secret' }, linuxdo: { id: 'ld-client', secret: 'ld-secret' } },
    wechatToken: 'wechat-server-token',
    nextUser: {},
    callbackOrigin: '',
    issueCode(provider, user) {
      const code = `code-${randomBytes(8).toString('hex')}`;
      codes.set(code, { provider, user });
      return code;
    },
    wechatCodes: new Map(),
    requests: [],
    tokenError: null,
    config() {
      const cfg: Record<string, string> = {};
      for (const p of ['github', 'linuxdo'] as const) {
        cfg[`oauth.${p}.authorize_url`] = `${fake.url}/${p}/authorize`;
        cfg[`oauth.${p}.token_url`] = `${fake.url}/${p}/token`;
        cfg[`oauth.${p}.user_url`] = `${fake.url}/${p}/user`;
      }
      return cfg;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    fake.requests.push({ method: req.method ?? '', path: url.pathname + url.search, headers: req.headers, body });
    const [, provider, step] = url.pathname.split('/') as [string, FakeProvider, string];
    if (url.pathname === '/wechat/qr.svg') {
      // A stand-in for the official account's QR code image.
      const cells = Array.from({ length: 81 }, (_, i) => (((i * 7) % 5 < 2 || i % 10 === 0) ? `<rect x="${(i % 9) * 10}" y="${Math.floor(i / 9) * 10}" width="10" height="10"/>` : '')).join('');
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      return res.end(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="-10 -10 110 110" width="220" height="220"><rect x="-10" y="-10" width="110" height="110" fill="#fff"/>${cells}</svg>`);
    }
    if (url.pathname === '/api/wechat/user') {
      if (req.headers.authorization !== fake.wechatToken) return json(res, 200, { success: false, message: 'unauthorized' });
      const id = fake.wechatCodes.get(url.searchParams.get('code') ?? '');
      if (!id) return json(res, 200, { success: false, message: '验证码错误或已过期' });
      fake.wechatCodes.delete(url.searchParams.get('code') ?? '');
      return json(res, 200, { success: true, message: '', data: id });
    }
    if (provider !== 'github' && provider !== 'linuxdo') return json(res, 404, { message: 'not found' });
    const client = fake.clients[provider];
    if (step === 'authorize') {
      const user = fake.nextUser[provider];
      // Like the real providers: back to the redirect_uri when one is given, else to the registered callback.
      const back = new URL(url.searchParams.get('redirect_uri') || `/oauth/${provider}`, fake.callbackOrigin);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (!user || url.searchParams.get('client_id') !== client.id) back.searchParams.set('error', 'access_denied');
      else back.searchParams.set('code', fake.issueCode(provider, user));
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (step === 'token' && req.method === 'POST') {
      if (fake.tokenError) return json(res, 200, { error: fake.tokenError, error_description: `fake says ${fake.tokenError}` });
      let code: string | null;
      if (provider === 'github') {
        const b = JSON.parse(body || '{}') as { client_id?: string; client_secret?: string; code?: string };
        if (b.client_id !== client.id || b.client_secret !== client.secret) return json(res, 200, { error: 'incorrect_client_credentials' });
        code = b.code ?? null;
      } else {
        const basic = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
        if (req.headers.authorization !== basic) return json(res, 401, { error: 'invalid_client' });
        const form = new URLSearchParams(body);
        if (form.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
        code = form.get('code');
      }
      const grant = code ? codes.get(code) : undefined;
      if (!grant || grant.provider !== provider) return json(res, provider === 'github' ? 200 : 400, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
      codes.delete(code!);
      const token = `tok-${randomBytes(8).toString('hex')}`;
      tokens.set(token, grant);
      return json(res, 200, { access_token: token, token_type: 'bearer' });
    }
    if (step === 'user') {
      const grant = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!grant || grant.provider !== provider) return json(res, 401, { message: 'Bad credentials' });
      const u = grant.user;
      return json(res, 200, provider === 'github'
        ? { id: u.id, login: u.login ?? `gh${u.id}`, name: u.name ?? null, email: u.email ?? null }
        : { id: u.id, username: u.username ?? `ld${u.id}`, name: u.name ?? '', active: true, trust_level: 1, silenced: false });
    }
    return json(res, 404, { message: 'not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return fake;
}
