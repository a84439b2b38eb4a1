// A quick estimate of a request's prompt tokens, for the hold taken before the call (reference §4.3). The exact
// count (token-count.ts) loads a ~45 MB vocabulary and costs more CPU than the rest of a call, and the hold is
// settled against the upstream's own usage afterwards anyway; so the hold uses this walk over the body's strings:
// letters and digits at 3 a token (BPE averages ~4 in words), spaces free (merged into the next word), line breaks, ASCII
// punctuation and every non-ASCII UTF-16 unit a token each (code and JSON are punctuation-dense; CJK averages below
// one a character), media (data URLs, base64 blobs) a flat 255 like new-api's unmeasured images. It leans
// high on purpose: too much held is refunded at settlement, too little would let a call start that the balance
// cannot pay for. Bounded: depth and the number of strings looked at are capped, the rest counts by length.

/** Tokens counted for one image or other media blob (new-api's flat figure when it does not measure). */
export const MEDIA_TOKENS = 255;
const WORD_CHARS_PER_TOKEN = 3;
const MAX_DEPTH = 32;
/** A string this long made only of base64 characters is media, not text. */
const BLOB_MIN_CHARS = 256;
const BASE64 = /^[A-Za-z0-9+/=\r\n]+$/;

export function estimateTextTokens(text: string): number {
  let word = 0;
  let single = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) word++;
    else if (c > 32 || c === 10) single++; // punctuation, line breaks (code), and everything beyond ASCII
  }
  return Math.ceil(word / WORD_CHARS_PER_TOKEN) + single;
}

const isMedia = (s: string): boolean =>
  s.startsWith('data:') || (s.length >= BLOB_MIN_CHARS && BASE64.test(s.length > 4096 ? s.slice(0, 4096) : s));

/** Estimated prompt tokens of a JSON request body: every string value except the model name. */
export function estimatePromptTokens(body: unknown): number {
  let total = 0;
  const walk = (x: unknown, depth: number): void => {
    if (typeof x === 'string') total += isMedia(x) ? MEDIA_TOKENS : estimateTextTokens(x);
    else if (depth >= MAX_DEPTH || x === null || typeof x !== 'object') return;
    else if (Array.isArray(x)) for (const v of x) walk(v, depth + 1);
    else for (const k in x) if (k !== 'model') walk((x as Record<string, unknown>)[k], depth + 1);
  };
  walk(body, 0);
  return total;
}
