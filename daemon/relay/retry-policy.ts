// Whether a failed attempt may be retried on another channel (reference §3.5).
export interface AttemptFailure {
  /** HTTP status from the upstream, after status_code_mapping; 0 when no response came (connect error, reset). */
  status: number;
  /** The failure happened here (bad request, quota, sensitive words): no other channel would do better. */
  local: boolean;
  /** Channel type, for the Anthropic 400 rule. */
  channelType: number;
}

const CLAUDE_TYPE = 14;

export function isRetryable(f: AttemptFailure): boolean {
  if (f.local) return false;
  if (f.status === 0) return true; // the connection failed or was reset: another channel may answer
  if (f.status >= 200 && f.status < 300) return false;
  if (f.status === 429 || f.status === 307) return true;
  if (f.status === 504 || f.status === 524) return false; // the upstream timed out: retrying doubles the wait
  if (f.status >= 500) return true;
  if (f.status === 400) return f.channelType === CLAUDE_TYPE;
  if (f.status === 408) return false;
  return true;
}

/** How many attempts a request may make in all: the first plus RetryTimes, unless a channel was pinned. */
export const maxAttempts = (retryTimes: number, pinnedChannel: boolean): number =>
  pinnedChannel ? 1 : 1 + Math.max(0, Math.floor(retryTimes));
