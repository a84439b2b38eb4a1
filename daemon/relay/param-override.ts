// A channel's param_override: every top-level key replaces the same key of the outgoing JSON body (reference §3.6).
// Billing and logs keep the client's model name whatever is sent upstream.
export function applyParamOverride(body: Record<string, unknown>, override: Record<string, unknown> | null): Record<string, unknown> {
  if (!override) return body;
  return { ...body, ...override };
}
