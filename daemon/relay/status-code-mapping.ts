// A channel's status_code_mapping {"429": "500"} rewrites an upstream error status before the retry decision and
// the auto-disable check (reference §3.6). A success is never rewritten.
export function mapStatus(status: number, mapping: Record<string, unknown> | null): number {
  if (!mapping || (status >= 200 && status < 300)) return status;
  const to = mapping[String(status)];
  const n = typeof to === 'number' ? to : typeof to === 'string' ? Number(to) : NaN;
  return Number.isInteger(n) && n >= 100 && n <= 599 ? n : status;
}
