import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, defaultsText, loadConfig } from './load.js';
import { envName, rules } from './schema.js';

const yamlFile = (text: string) => {
  const f = join(mkdtempSync(join(tmpdir(), 'gwcfg-')), 'gateway.yaml');
  writeFileSync(f, text);
  return f;
};

describe('config loading', () => {
  it('default.yaml documents exactly the keys the schema knows', () => {
    const leaves: string[] = [];
    const walk = (t: Record<string, unknown>, pre: string) =>
      Object.entries(t).forEach(([k, v]) =>
        v && typeof v === 'object' ? walk(v as Record<string, unknown>, `${pre}${k}.`) : leaves.push(`${pre}${k}`));
    walk(parse(defaultsText()), '');
    expect(leaves.sort()).toEqual(Object.keys(rules).sort());
    // every key carries a comment line above it or a section comment
    expect(defaultsText().split('\n').filter((l) => l.trim().startsWith('#')).length).toBeGreaterThan(leaves.length / 2);
  });

  it('uses the defaults when nothing else is given', () => {
    const c = loadConfig({ env: {} });
    expect(c.server.port).toBe(3000);
    expect(c.database.url).toBe('');
    expect(c.data_dir.endsWith('data')).toBe(true);
  });

  it('file < environment < overrides', () => {
    const file = yamlFile('server:\n  port: 4000\n  host: 127.0.0.1\nlog:\n  level: warn\n');
    expect(loadConfig({ file, env: {} }).server.port).toBe(4000);
    expect(loadConfig({ file, env: { GATEWAY_SERVER_PORT: '5000' } }).server.port).toBe(5000);
    const c = loadConfig({ file, env: { GATEWAY_SERVER_PORT: '5000' }, overrides: { 'server.port': 6000 } });
    expect(c.server.port).toBe(6000);
    expect(c.server.host).toBe('127.0.0.1');
    expect(c.log.level).toBe('warn');
  });

  it('maps every key to a GATEWAY_ variable', () => {
    expect(envName('database.url')).toBe('GATEWAY_DATABASE_URL');
    expect(envName('data_dir')).toBe('GATEWAY_DATA_DIR');
    const c = loadConfig({ env: { GATEWAY_DATABASE_URL: 'postgres://u@h/db', GATEWAY_SESSION_SECURE_COOKIE: 'true' } });
    expect(c.database.url).toBe('postgres://u@h/db');
    expect(c.session.secure_cookie).toBe(true);
  });

  it.each<[{ file?: string; env?: Record<string, string> }, RegExp]>([
    [{ file: 'server:\n  port: 70000\n' }, /'server.port' must be between 0 and 65535/],
    [{ file: 'server:\n  prot: 1\n' }, /unknown setting 'server.prot'/],
    [{ file: 'database:\n  url: mysql://x\n' }, /'database.url' must be empty \(SQLite\) or a postgres/],
    [{ file: 'log:\n  level: loud\n' }, /'log.level' must be one of/],
    [{ file: 'server: [1\n' }, /not valid YAML/],
    [{ env: { GATEWAY_SERVER_PORT: 'abc' } }, /server.port: environment variable GATEWAY_SERVER_PORT must be a whole number/],
    [{ env: { GATEWAY_SERVER_TRUST_PROXY: 'maybe' } }, /must be true or false/],
    [{ env: { GATEWAY_SESSION_SECRET: 'short' } }, /'session.secret' must be empty, or at least 16/],
  ])('names the key in its error: %#', (input, message) => {
    const opts = { env: input.env ?? {}, file: input.file ? yamlFile(input.file) : undefined };
    expect(() => loadConfig(opts)).toThrow(ConfigError);
    expect(() => loadConfig(opts)).toThrow(message);
  });

  it('reports a missing config file clearly', () => {
    expect(() => loadConfig({ file: '/nonexistent/gw.yaml', env: {} })).toThrow(/cannot read config file \/nonexistent\/gw.yaml/);
  });
});
