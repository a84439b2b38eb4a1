// Downloads the media URLs a client put in a request when the upstream needs the bytes inline (reference §6.2:
// Gemini takes images as inlineData). These URLs come from ordinary users, so they go through the guarded
// fetcher with public addresses only (no loopback, private or metadata networks, checked again at connect time,
// no redirects), a time and a size limit; each URL is fetched once per call, whatever the number of attempts.
// A failure is the client's problem (400), never retried on another channel.
import { OutboundError, outboundRequest } from '../app/outbound.js';
import type { MediaFetcher } from '../providers/types.js';
import { RelayError } from './relay-error.js';

export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
export const MEDIA_TIMEOUT_MS = 20_000;

/** A URL as shown in a message: no query (it may hold a signature), at most 100 characters. */
const shown = (url: string): string => {
  const bare = url.split(/[?#]/)[0];
  return bare.length > 100 ? `${bare.slice(0, 97)}...` : bare;
};

const failed = (url: string, reason: string) =>
  new RelayError(400, { key: 'relay.media_fetch_failed', params: { url: shown(url), reason } }, 'invalid_request_error', 'media_fetch_failed');

/** Sniffs the image types Gemini takes from their first bytes (a server's content-type is often wrong). */
export function sniffImageType(b: Buffer): string | undefined {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return 'image/gif';
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp' && /^(heic|heix|mif1|heif)$/.test(b.toString('latin1', 8, 12))) return 'image/heic';
  if (b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return undefined;
}

export interface MediaFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** The call's cancellation, asked for only when a download starts (most calls download nothing). */
  signal?: () => AbortSignal;
}

/** A fetcher for one call: each URL downloaded at most once. */
export function mediaFetcher(o: MediaFetchOptions = {}): MediaFetcher {
  const seen = new Map<string, ReturnType<MediaFetcher>>();
  const fetchOne: MediaFetcher = async (url) => {
    let res;
    try {
      res = await outboundRequest(url, { timeoutMs: o.timeoutMs ?? MEDIA_TIMEOUT_MS, maxBytes: o.maxBytes ?? MEDIA_MAX_BYTES, publicOnly: true, signal: o.signal?.() });
    } catch (e) {
      if (e instanceof OutboundError) throw failed(url, e.kind === 'blocked' ? 'address not allowed' : e.kind === 'too_large' ? 'too large' : e.kind === 'timeout' ? 'timed out' : 'unreachable');
      throw e;
    }
    if (res.status < 200 || res.status >= 300) throw failed(url, `HTTP ${res.status}`);
    const declared = res.contentType.split(';')[0].trim().toLowerCase();
    const mimeType = sniffImageType(res.bytes) ?? declared;
    if (!mimeType.startsWith('image/') && mimeType !== 'application/pdf')
      throw new RelayError(400, { key: 'relay.media_type_unsupported', params: { type: mimeType || 'unknown', url: shown(url) } }, 'invalid_request_error', 'media_type_unsupported');
    return { mimeType, data: res.bytes.toString('base64') };
  };
  return (url) => {
    let p = seen.get(url);
    if (!p) seen.set(url, (p = fetchOne(url)));
    return p;
  };
}
