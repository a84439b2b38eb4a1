import { describe, expect, it } from 'vitest';

// The console may import only the plain contract files: index.ts and schemas.ts pull TypeBox into the bundle.
const PLAIN = new Set(['envelope', 'paging', 'roles', 'quota-format', 'setup', 'status', 'user', 'token', 'channel', 'channel-types', 'log', 'options', 'oauth', 'content', 'self', 'account', 'user-admin', 'orders', 'agents', 'redemption', 'pricing', 'topup']);
const sources = import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('contract imports', () => {
  it('use only the plain contract files', () => {
    const bad: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      for (const m of text.matchAll(/from '(@contract\/[^']+|[./]*daemon\/[^']+)'/g)) {
        const name = m[1].replace(/^@contract\//, '');
        if (!PLAIN.has(name)) bad.push(`${file}: ${m[1]}`);
      }
    }
    expect(Object.keys(sources).length).toBeGreaterThan(30);
    expect(bad).toEqual([]);
  });
});
