// Removes secrets from text that came back from elsewhere (an upstream's error message may echo the key).
const MIN_SECRET = 6;

/** The pieces of a channel key worth hiding: each line, and each part of a composite `a|b|c` key. */
export function secretPieces(key: string): string[] {
  const out = new Set<string>();
  for (const line of key.split(/\r?\n/)) {
    const l = line.trim();
    if (l.length >= MIN_SECRET) out.add(l);
    for (const part of l.split('|')) if (part.trim().length >= MIN_SECRET) out.add(part.trim());
  }
  // Longest first, so a line is replaced whole before its parts.
  return [...out].sort((a, b) => b.length - a.length);
}

/** Replaces every given secret, and anything shaped like an API key, with `***`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= MIN_SECRET) out = out.split(s).join('***');
  return out
    .replace(/\b(sk|pk|rk|xai|pplx|gsk|jina|r8)[-_][A-Za-z0-9_-]{12,}/g, '$1-***')
    .replace(/\bAIza[0-9A-Za-z_-]{20,}/g, 'AIza***')
    .replace(/\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi, 'Bearer ***');
}

/**
 * Upstream text shown to a relay's users: secrets as redactSecrets does, and nothing that names an upstream —
 * the channel's host names, any URL, any IPv4 address (resellers hide where they buy; lessons §1c #20).
 */
export function redactUpstream(text: string, secrets: readonly string[], hosts: readonly string[]): string {
  let out = redactSecrets(text, secrets).replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)\]]+/gi, '***');
  for (const h of hosts) if (h.length >= 3) out = out.split(h).join('***');
  return out.replace(/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g, '***');
}
