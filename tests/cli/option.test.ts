// `gateway option get|set|list` and `gateway log clear` end to end: real processes without a terminal, a real
// database (SQLite and PostgreSQL projects), and a running `gateway serve` on the same database that must see a
// CLI change within a second or two (the option epoch) while the CLI and the daemon share the database.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices } from '../../daemon/app/services.js';
import { optionKeys } from '../../daemon/contract/options.js';
import { LogEntity, type Log } from '../../daemon/modules/log/log.entity.js';
import { freshDb, type TestDb } from '../helpers/db.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { runCli } from '../../cli/program.js';
import type { CliIo } from '../../cli/io.js';
import { gatewayEnv, runGateway } from './run-gateway.js';

let db: TestDb;
let daemon: GatewayProcess;
const files = mkdtempSync(join(tmpdir(), 'gw-option-cli-'));

async function withDb<T>(fn: (s: Awaited<ReturnType<typeof createServices>>) => Promise<T>): Promise<T> {
  const config = loadConfig({ env: {}, overrides: { data_dir: db.dataDir, 'database.url': db.url, 'log.level': 'silent' } });
  const services = await createServices(config, { target: db.target });
  try {
    return await fn(services);
  } finally {
    await services.close();
  }
}

/**
 * Runs a command in this process (runCli with pipes, no terminal): the same program and exit codes as the binary,
 * without a process start per call. The daemon still runs in its own process, so sharing the database is real.
 */
async function cli(args: string[], extra: Record<string, string> = {}) {
  const out = new PassThrough();
  const err = new PassThrough();
  const text = { stdout: '', stderr: '' };
  out.on('data', (d) => (text.stdout += d));
  err.on('data', (d) => (text.stderr += d));
  const io: CliIo = {
    stdin: new PassThrough() as unknown as NodeJS.ReadStream,
    stdout: out as unknown as NodeJS.WriteStream,
    stderr: err as unknown as NodeJS.WriteStream,
    env: gatewayEnv(db, extra),
  };
  const code = await runCli(args, io);
  return { code, ...text };
}
const option = (args: string[], extra: Record<string, string> = {}) => cli(['option', ...args], extra);
const status = async () => ((await (await fetch(`${daemon.url}/api/status`)).json()) as { data: Record<string, unknown> }).data;

/** Polls the daemon until `check` holds; returns the milliseconds it took. */
async function until(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

beforeAll(async () => {
  db = await freshDb();
  await withDb(async () => undefined); // schema
  daemon = await startGatewayProcess({ dataDir: db.dataDir, databaseUrl: db.url, env: { GATEWAY_TSX: '1' } });
});
afterAll(async () => {
  await daemon?.stop();
  await db?.drop();
});

// Two commands run as real processes (about 1-5 s each on a busy machine), hence the long per-test limit.
describe('gateway option', { timeout: 120_000 }, () => {
  it('set then get; a running daemon on the same database sees the change within two seconds', async () => {
    expect((await status()).system_name).toBe('New API');
    // the real binary, in its own process, as an operator runs it
    const set = await runGateway(['option', 'set', 'SystemName', 'CLI Gateway'], gatewayEnv(db));
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toBe('Saved\nSystemName  CLI Gateway\n');
    const ms = await until(async () => (await status()).system_name === 'CLI Gateway', 3000);
    expect(ms).toBeLessThan(2500);
    const get = await option(['get', 'SystemName']);
    expect([get.code, get.stdout]).toEqual([0, 'CLI Gateway\n']);
    const again = await option(['set', 'SystemName', 'CLI Gateway']);
    expect([again.code, again.stdout]).toEqual([0, 'You seem to have changed nothing\n']);
  });

  it('refuses bad values with the console\'s messages (en and zh), exit 1; wrong command lines exit 2', async () => {
    const bad = await option(['set', 'Price', 'seven']);
    expect([bad.code, bad.stderr, bad.stdout]).toEqual([1, 'Price: please enter a number\n', '']);
    const zh = await option(['set', 'Price', 'seven'], { GATEWAY_LANG: 'zh' });
    expect([zh.code, zh.stderr]).toEqual([1, 'Price 请输入数字\n']);
    const json = await option(['set', 'ApiAddress', '[1,']);
    expect(json.stderr).toBe('ApiAddress is not a valid JSON string\n');
    const rule = await option(['set', 'GitHubOAuthEnabled', 'true']);
    expect([rule.code, rule.stderr]).toEqual([1, 'Fill in GitHubClientId, GitHubClientSecret before turning on or setting GitHubOAuthEnabled\n']);
    const unknown = await option(['get', 'NoSuchKey']);
    expect([unknown.code, unknown.stderr]).toEqual([1, 'Unknown option: NoSuchKey\n']);
    expect((await option(['set', 'SystemName'])).code).toBe(2);
    expect((await option(['get'])).code).toBe(2);
    expect((await withDb(async (s) => s.options.get('Price')))).toBe('7.3');
  });

  it('--file reads JSON from a file; rules may write more than one key and each is printed', async () => {
    const good = join(files, 'ratios.json');
    writeFileSync(good, '{\n  "cli-model": 2.5\n}\n');
    const r = await option(['set', 'ModelRatio', '--file', good]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Saved\nModelRatio  {⏎  "cli-model": 2.5⏎}\n');
    expect(JSON.parse(await withDb(async (s) => s.options.get('ModelRatio')))).toEqual({ 'cli-model': 2.5 });
    const broken = join(files, 'broken.json');
    writeFileSync(broken, '{"a":');
    expect((await option(['set', 'ModelRatio', '--file', broken])).stderr).toBe('ModelRatio is not a valid JSON string\n');
    expect((await option(['set', 'ModelRatio', '{}', '--file', good])).code).toBe(2);
    const missing = await option(['set', 'ModelRatio', '--file', join(files, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read');
    const smtp = await option(['set', 'SMTPPort', '465']);
    expect(smtp.stdout).toBe('Saved\nSMTPPort        465\nSMTPSSLEnabled  true\n');
  });

  it('list shows every key with secrets hidden; --json gives full values; get hides a secret unless --reveal', async () => {
    expect((await option(['set', 'EpayKey', 'epay-SECRET-42'])).stdout).toBe('Saved\nEpayKey  (secret, set)\n');
    const plain = await option(['list']);
    expect(plain.code).toBe(0);
    const lines = plain.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(optionKeys.length);
    expect(lines.find((l) => l.startsWith('SystemName '))).toMatch(/^SystemName +CLI Gateway$/);
    expect(lines.find((l) => l.startsWith('EpayKey '))).toMatch(/^EpayKey +\(secret, set\)$/);
    expect(lines.find((l) => l.startsWith('SMTPToken '))).toMatch(/^SMTPToken +\(secret, not set\)$/);
    expect(plain.stdout).not.toContain('epay-SECRET-42');

    const json = await option(['list', '--json']);
    const items = JSON.parse(json.stdout) as Array<{ key: string; value: string; secret_set?: boolean }>;
    expect(items.map((i) => i.key).sort()).toEqual([...optionKeys].sort());
    expect(items.find((i) => i.key === 'EpayKey')).toEqual({ key: 'EpayKey', value: '', secret_set: true });
    expect(JSON.parse(items.find((i) => i.key === 'ModelRatio')!.value)).toEqual({ 'cli-model': 2.5 });
    expect(json.stdout).not.toContain('epay-SECRET-42');

    const tab = JSON.parse((await option(['list', '--json', '--tab', 'ratelimit'])).stdout) as Array<{ key: string }>;
    expect(tab.map((i) => i.key)).toEqual(['ModelRequestRateLimitEnabled', 'ModelRequestRateLimitDurationMinutes', 'ModelRequestRateLimitCount', 'ModelRequestRateLimitSuccessCount']);
    expect((await option(['list', '--tab', 'nope'])).code).toBe(2);

    const hidden = await option(['get', 'EpayKey']);
    expect([hidden.code, hidden.stdout, hidden.stderr]).toEqual([0, '(secret, set)\n', 'EpayKey is a secret: add --reveal to print it\n']);
    expect((await option(['get', 'EpayKey', '--reveal'])).stdout).toBe('epay-SECRET-42\n');
  });
});

describe('gateway log clear', { timeout: 120_000 }, () => {
  const DAY = 86_400;
  const now = () => Math.floor(Date.now() / 1000);
  const clear = (args: string[], extra: Record<string, string> = {}) => cli(['log', 'clear', ...args], extra);
  const count = () => withDb(async (s) => (await s.em.fork().count(LogEntity, {})));

  beforeAll(async () => {
    await withDb(async (s) => {
      const old = now() - 100 * DAY;
      const rows: Array<Partial<Log>> = Array.from({ length: 12_000 }, (_, i) => ({ created_at: old + i, type: 2, content: `old ${i}`, username: 'u' }));
      for (let i = 0; i < rows.length; i += 2000) await s.em.fork().insertMany(LogEntity, rows.slice(i, i + 2000) as Log[]);
      const recent: Array<Partial<Log>> = Array.from({ length: 7 }, (_, i) => ({ created_at: now() - i * 60, type: 2, content: `new ${i}`, username: 'u' }));
      await s.em.fork().insertMany(LogEntity, recent as Log[]);
    });
  });

  it('needs exactly one of --before and --days, a real date, not in the future (exit 2, nothing deleted)', async () => {
    expect(await clear([])).toMatchObject({ code: 2, stderr: 'give --before DATE or --days N\n' });
    expect(await clear(['--days', '3', '--before', '2020-01-01'])).toMatchObject({ code: 2, stderr: 'give --before or --days, not both\n' });
    expect((await clear(['--before', '2025-02-30'])).code).toBe(2);
    const zh = await clear(['--before', '2999-01-01'], { GATEWAY_LANG: 'zh' });
    expect(zh).toMatchObject({ code: 2, stderr: '时间 2999-01-01 在将来；要清理全部日志请用 --days 0\n' });
    expect((await clear(['--days', '-5'])).code).toBe(2);
    expect(await count()).toBe(12_007);
  });

  it('--dry-run counts only', async () => {
    const r = await clear(['--days', '30', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^12000 logs before \d{4}-\d\d-\d\d \d\d:\d\d:\d\d would be cleared \(--dry-run: nothing deleted\)\n$/);
    expect(await count()).toBe(12_007);
  });

  it('deletes in batches with progress while the daemon runs, and says how many went', async () => {
    const r = await runGateway(['log', 'clear', '--days', '30'], gatewayEnv(db), 60_000); // the binary, next to the daemon
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('5000/12000 logs cleared\n10000/12000 logs cleared\n12000/12000 logs cleared\n12000 logs cleared\n');
    expect(await count()).toBe(7);
    expect((await fetch(`${daemon.url}/api/status`)).status).toBe(200); // the daemon kept serving
    const zh = await clear(['--before', String(now() - 3 * DAY)], { GATEWAY_LANG: 'zh' });
    expect(zh.code).toBe(0);
    expect(zh.stdout).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d 之前没有日志\n$/);
  });
});
