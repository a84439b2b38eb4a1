import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../daemon/app/version.js';
import { ServiceError } from '../daemon/app/errors.js';
import { ConfigError } from '../config/load.js';
import { runCli } from './program.js';
import { reportError, UsageError } from './errors.js';
import { promptSelect, promptText } from './ui/prompts.js';
import type { CliIo } from './io.js';

/** In-memory streams with no terminal, as in a script or CI job. */
function fakeIo(env: NodeJS.ProcessEnv = {}) {
  const out = new PassThrough();
  const err = new PassThrough();
  const text = { out: '', err: '' };
  out.on('data', (d) => (text.out += d));
  err.on('data', (d) => (text.err += d));
  const io: CliIo = {
    stdin: new PassThrough() as unknown as NodeJS.ReadStream,
    stdout: out as unknown as NodeJS.WriteStream,
    stderr: err as unknown as NodeJS.WriteStream,
    env,
  };
  return { io, text };
}

describe('runCli', () => {
  it('prints the version', async () => {
    const { io, text } = fakeIo();
    expect(await runCli(['--version'], io)).toBe(0);
    expect(text.out.trim()).toBe(VERSION);
  });

  it('treats an unknown command or a bad choice as a usage error (2)', async () => {
    expect(await runCli(['frobnicate'], fakeIo().io)).toBe(2);
    const { io, text } = fakeIo();
    expect(await runCli(['setup', '--username', 'a', '--password', 'password1', '--mode', 'bogus'], io)).toBe(2);
    expect(text.err).toContain('external, self, demo');
  });

  it('setup without a terminal names the missing flags, exits 2 and leaves the data dir alone', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'gw-cli-')), 'data');
    const { io, text } = fakeIo();
    expect(await runCli(['setup', '--data-dir', dataDir], io)).toBe(2);
    expect(text.err.trim()).toBe('missing --username, --password (no terminal to ask)');
    expect(existsSync(dataDir)).toBe(false);

    const partial = fakeIo({ GATEWAY_LANG: 'zh' });
    expect(await runCli(['setup', '--data-dir', dataDir, '--username', 'root'], partial.io)).toBe(2);
    expect(partial.text.err.trim()).toBe('缺少 --password（没有可交互的终端）');
  });

  it('reports a configuration error in one line with exit 1', async () => {
    const { io, text } = fakeIo();
    expect(await runCli(['setup', '-c', '/nonexistent/gateway.yaml', '--username', 'a', '--password', 'password1'], io)).toBe(1);
    expect(text.err).toMatch(/^Configuration error: cannot read config file \/nonexistent\/gateway.yaml/);
    expect(text.err.trim().split('\n')).toHaveLength(1);
  });
});

describe('reportError', () => {
  it('translates service errors with the CLI language', () => {
    const zh = fakeIo({ LANG: 'zh_CN.UTF-8' });
    expect(reportError(new ServiceError('setup.done_already'), zh.io)).toBe(1);
    expect(zh.text.err).toBe('系统已经初始化完成\n');
    const en = fakeIo();
    expect(reportError(new ConfigError('bad'), en.io)).toBe(1);
    expect(reportError(new UsageError('wrong'), en.io)).toBe(2);
    expect(en.text.err).toBe('Configuration error: bad\nwrong\n');
  });
});

describe('prompts', () => {
  it('refuse to run without a terminal and name the flag that answers them', async () => {
    const { io } = fakeIo();
    await expect(promptText(io, { label: 'Name', flag: '--name' })).rejects.toThrow('missing --name (no terminal to ask)');
    await expect(promptSelect(io, { label: 'Pick', choices: [{ value: 'a', label: 'A' }] })).rejects.toBeInstanceOf(UsageError);
  });
});
