// A channel's model_mapping {"client-model": "upstream-model"}: followed as a chain with cycle detection (newer
// new-api). Billing keeps the client's model name; the log records the upstream one.
export interface MappedModel {
  upstream: string;
  mapped: boolean;
}

export function parseJsonObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text || !text.trim()) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function mapModel(model: string, mapping: Record<string, unknown> | null): MappedModel {
  if (!mapping) return { upstream: model, mapped: false };
  const seen = new Set<string>([model]);
  let current = model;
  for (;;) {
    const next = mapping[current];
    if (typeof next !== 'string' || next === '' || next === current) break;
    if (seen.has(next)) break; // a cycle: stop at the last name before it repeats
    seen.add(next);
    current = next;
  }
  return { upstream: current, mapped: current !== model };
}
