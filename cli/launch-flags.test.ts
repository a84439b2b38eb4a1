import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GATEWAY_BIN, gatewayLaunchFlags, parseShebang } from './launch-flags.js';

describe('parseShebang', () => {
  it('separates environment assignments from node flags', () => {
    expect(parseShebang('#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --max-semi-space-size=4 --v8-pool-size=1')).toEqual({
      env: { MALLOC_ARENA_MAX: '2' },
      nodeFlags: ['--max-semi-space-size=4', '--v8-pool-size=1'],
    });
    expect(parseShebang('#!/usr/bin/env node')).toEqual({ env: {}, nodeFlags: [] });
  });

  it('refuses a line that does not start node through env', () => {
    expect(() => parseShebang('#!/bin/sh')).toThrow(/not an env shebang/);
    expect(() => parseShebang('#!/usr/bin/env -S deno run')).toThrow(/does not run node/);
  });
});

describe('bin/gateway.js launch flags', () => {
  const { env, nodeFlags } = gatewayLaunchFlags();

  it('are accepted by this node and cap the young generation as README "Memory" says', () => {
    const semi = Number(/--max-semi-space-size=(\d+)/.exec(nodeFlags.join(' '))?.[1]);
    expect(semi).toBeGreaterThan(0);
    // Allocate enough short-lived garbage for V8 to grow the young generation as far as it may.
    const script =
      "let k=[];for(let i=0;i<3e6;i++){k.push({i,s:'x'+i});if(k.length>5e4)k=[]}" +
      "console.log(require('v8').getHeapSpaceStatistics().find(s=>s.space_name==='new_space').space_size)";
    const capped = spawnSync(process.execPath, [...nodeFlags, '-e', script], { env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(capped.stderr).toBe('');
    expect(capped.status).toBe(0);
    const uncapped = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(Number(capped.stdout)).toBeLessThanOrEqual(2 * semi * 1024 * 1024);
    expect(Number(capped.stdout)).toBeLessThan(Number(uncapped.stdout));
  });

  it('apply when the file is executed, as `gateway` and `npm start` run it', () => {
    const r = spawnSync(GATEWAY_BIN, ['--version'], { env: { ...process.env, GATEWAY_TSX: '1' }, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toMatch(/(^|&& )\.\/bin\/gateway\.js serve$/);
  });
});
