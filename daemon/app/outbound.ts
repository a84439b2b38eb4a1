// The one guarded fetcher for URLs an administrator configures (channel base URLs): http(s) only, no user info in
// the URL, never link-local or cloud-metadata addresses, checked on the URL and again on every resolved address
// at connect time (a hostname that resolves to 169.254.169.254 is refused too), no redirects followed, a time limit
// and a size limit. Loopback and private networks stay allowed: self-hosted upstreams (Ollama) live there.
import { proxyDispatcher } from './proxy.js';
import { isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent, request } from 'undici';

/** Hostnames of cloud instance-metadata services. */
const BLOCKED_HOSTNAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

/** IPv4 as a 32-bit number, or null. */
function v4(ip: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0] << 24) >>> 0) + (parts[1] << 16) + (parts[2] << 8) + parts[3];
}

const inV4 = (n: number, base: string, bits: number) => {
  const b = v4(base)!;
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return ((n & mask) >>> 0) === ((b & mask) >>> 0);
};

function blockedV4(n: number): boolean {
  return (
    inV4(n, '0.0.0.0', 8) || // "this network"; 0.0.0.0 reaches localhost on Linux
    inV4(n, '169.254.0.0', 16) || // link-local, where the metadata services live
    inV4(n, '100.100.100.200', 32) || // Alibaba Cloud metadata
    inV4(n, '224.0.0.0', 4) || // multicast
    inV4(n, '240.0.0.0', 4) // reserved and broadcast
  );
}

/** IPv6 as eight 16-bit groups, or null. */
function v6Groups(ip: string): number[] | null {
  let s = ip.replace(/^\[|\]$/g, '').split('%')[0].toLowerCase();
  const tail = /(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(s);
  if (tail) {
    const n = v4(tail[1]);
    if (n === null) return null;
    s = s.slice(0, -tail[1].length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parse = (h: string) => (h ? h.split(':').map((g) => parseInt(g, 16)) : []);
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  const groups = [...head, ...Array<number>(Math.max(0, fill)).fill(0), ...rest];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** Is this IP literal one we never connect to? */
export function isBlockedAddress(ip: string): boolean {
  const n4 = v4(ip);
  if (n4 !== null) return blockedV4(n4);
  const g = v6Groups(ip);
  if (!g) return true; // unparseable: refuse
  if (g.every((x) => x === 0)) return true; // ::
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible forms carry an IPv4 address in the last 32 bits.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    const n = ((g[6] << 16) >>> 0) + g[7];
    if (g[5] === 0xffff || n > 1) return blockedV4(n);
  }
  if ((g[0] & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g[0] & 0xff00) === 0xff00) return true; // multicast
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && g[7] === 0x254) return true; // AWS IPv6 metadata
  return false;
}

function privateV4(n: number): boolean {
  return (
    inV4(n, '127.0.0.0', 8) || // loopback
    inV4(n, '10.0.0.0', 8) ||
    inV4(n, '172.16.0.0', 12) ||
    inV4(n, '192.168.0.0', 16) ||
    inV4(n, '100.64.0.0', 10) || // carrier-grade NAT
    inV4(n, '198.18.0.0', 15) // benchmarking
  );
}

/**
 * Loopback and private networks (RFC 1918, CGNAT, IPv6 unique-local): allowed for an administrator's self-hosted
 * upstream, never for a URL an ordinary user gives, which the server would call inside its own network.
 */
export function isPrivateAddress(ip: string): boolean {
  const n4 = v4(ip);
  if (n4 !== null) return privateV4(n4);
  if (!isIP(ip.replace(/^\[|\]$/g, '').split('%')[0])) return false;
  const g = v6Groups(ip);
  if (!g) return false;
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true; // ::1
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return privateV4(((g[6] << 16) >>> 0) + g[7]);
  return (g[0] & 0xfe00) === 0xfc00; // fc00::/7
}

export type OutboundUrlProblem = 'invalid' | 'scheme' | 'userinfo' | 'blocked';

/** Checks a configured URL before any connection: the reason it is refused, or null. */
// The relay checks its channel's URL on every call: the answer for a URL string never changes, so it is kept.
const checked = new Map<string, OutboundUrlProblem | null>();

export function outboundUrlProblem(raw: string): OutboundUrlProblem | null {
  let problem = checked.get(raw);
  if (problem === undefined) {
    problem = urlProblem(raw);
    if (checked.size >= 1024) checked.clear();
    checked.set(raw, problem);
  }
  return problem;
}

function urlProblem(raw: string): OutboundUrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username || url.password) return 'userinfo';
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (!host) return 'invalid';
  if (BLOCKED_HOSTNAMES.has(host)) return 'blocked';
  if (isIP(host) && isBlockedAddress(host)) return 'blocked';
  return null;
}

/** DNS lookup that fails for blocked addresses, so the check holds for whatever a hostname resolves to. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isBlockedAddress(a.address));
    if (bad || list.length === 0) {
      const e = Object.assign(new Error(`address of ${hostname} is not allowed`), { code: 'EADDRBLOCKED' });
      return callback(e, '', 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

/** The same lookup for URLs from ordinary users: private and loopback addresses are refused too. */
export const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((a) => isBlockedAddress(a.address) || isPrivateAddress(a.address))) {
      const e = Object.assign(new Error(`address of ${hostname} is not allowed`), { code: 'EADDRBLOCKED' });
      return callback(e, '', 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

export type OutboundErrorKind = 'blocked' | 'timeout' | 'network' | 'too_large';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundErrorKind,
    /** A short cause for people (never a URL query or a header). */
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Largest body read; more is an error. Default 4 MiB. */
  maxBytes?: number;
  signal?: AbortSignal;
  /** A URL an ordinary user gave (a webhook): private networks and loopback are refused as well. */
  publicOnly?: boolean;
  /** A channel's own proxy URL (app/proxy.ts); the admin chose it, so it is not checked against the guard. */
  proxy?: string;
}

export interface OutboundResponse {
  status: number;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  /** The body as received (media). */
  bytes: Buffer;
  contentType: string;
}

let agent: Agent | undefined;
const guardedAgent = () => (agent ??= new Agent({ connect: { lookup: guardedLookup }, keepAliveTimeout: 10_000 }));
let publicAgent: Agent | undefined;
const publicOnlyAgent = () => (publicAgent ??= new Agent({ connect: { lookup: publicLookup }, keepAliveTimeout: 10_000 }));

function publicUrlProblem(raw: string): OutboundUrlProblem | null {
  const problem = outboundUrlProblem(raw);
  if (problem) return problem;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host) ? 'blocked' : null;
}

/** One guarded request; resolves for any HTTP status, rejects with OutboundError otherwise. */
export async function outboundRequest(url: string, req: OutboundRequest): Promise<OutboundResponse> {
  const problem = req.publicOnly ? publicUrlProblem(url) : outboundUrlProblem(url);
  if (problem) throw new OutboundError('blocked', problem);
  const maxBytes = req.maxBytes ?? 4 * 1024 * 1024;
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;
  try {
    const res = await request(url, {
      method: req.method ?? 'GET',
      headers: req.headers,
      body: req.body,
      signal,
      dispatcher: req.proxy ? proxyDispatcher(req.proxy) : req.publicOnly ? publicOnlyAgent() : guardedAgent(),
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        res.body.destroy();
        throw new OutboundError('too_large', `response larger than ${maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    const bytes = Buffer.concat(chunks);
    const text = bytes.toString('utf8');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const type = res.headers['content-type'];
    return { status: res.statusCode, text, json, bytes, contentType: (Array.isArray(type) ? type[0] : type) ?? '' };
  } catch (e) {
    if (e instanceof OutboundError) throw e;
    if (timeout.aborted) throw new OutboundError('timeout', `no answer within ${Math.round(req.timeoutMs / 100) / 10} s`);
    const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const code = err.code ?? err.cause?.code;
    if (code === 'EADDRBLOCKED') throw new OutboundError('blocked', 'blocked');
    if (req.signal?.aborted) throw new OutboundError('network', 'aborted');
    throw new OutboundError('network', code ?? err.message ?? 'connection failed');
  }
}
