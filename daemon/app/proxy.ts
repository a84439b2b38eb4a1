// A channel's own outbound proxy (channel setting `proxy`, as in new-api): http://, https:// or socks5:// with
// optional user:password. One dispatcher per proxy URL, kept while the process runs (an admin sets a handful).
import { ProxyAgent, Socks5ProxyAgent, type Dispatcher } from 'undici';

const SCHEMES = new Set(['http:', 'https:', 'socks5:', 'socks5h:']);
const agents = new Map<string, Dispatcher>();
/** Distinct proxies kept; beyond this the oldest is closed (a guard, not a setting). */
const MAX_AGENTS = 64;

/** Why a proxy URL cannot be used, or null when it can. */
export function proxyUrlProblem(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (!SCHEMES.has(u.protocol)) return 'only http, https and socks5 proxies are supported';
  if (!u.hostname) return 'no host';
  return null;
}

/** The proxy a channel's JSON setting names, trimmed; '' when none. */
export function channelProxy(setting: Record<string, unknown> | null | undefined): string {
  const p = setting?.proxy;
  return typeof p === 'string' ? p.trim() : '';
}

export function proxyDispatcher(url: string, opts: { connectTimeoutMs?: number } = {}): Dispatcher {
  let agent = agents.get(url);
  if (!agent) {
    const u = new URL(url);
    agent = u.protocol.startsWith('socks5')
      ? new Socks5ProxyAgent(`socks5://${u.host}`, {
          ...(u.username ? { username: decodeURIComponent(u.username), password: decodeURIComponent(u.password) } : {}),
          connectTimeout: opts.connectTimeoutMs,
        })
      : new ProxyAgent({ uri: url, connect: { timeout: opts.connectTimeoutMs } });
    if (agents.size >= MAX_AGENTS) {
      const [oldest, a] = agents.entries().next().value as [string, Dispatcher];
      agents.delete(oldest);
      void a.close().catch(() => undefined);
    }
    agents.set(url, agent);
  }
  return agent;
}
