// Column values read with raw SQL differ per driver (PostgreSQL returns bigint as text and booleans as true/false,
// SQLite 0/1); the caches normalise them here.
export const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0) || 0);
export const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't' || v === 'true';
export const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
