import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { Lang } from '../../../daemon/i18n/lang.js';
import { ChannelTestView } from './ChannelTestView.js';
import { formatDuration, timeColour, type ProgressEvent, type TestResult, type TestSummary, type TestTarget } from './test-progress.js';

const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms));

const TARGETS: TestTarget[] = [
  { id: 1, name: 'fast', model: 'gpt-4o-mini' },
  { id: 12, name: 'broken', model: 'gpt-4o' },
  { id: 3, name: 'slow', model: 'gpt-4o-mini' },
  { id: 404, name: '', model: '', problem: 'Channel not found' },
];

/** A run the test advances by hand: each emit is a fake progress event; finish() resolves the run. */
function fakeRun() {
  let emit: (e: ProgressEvent) => void = () => undefined;
  let settle: { resolve(): void; reject(e: Error): void } | undefined;
  const run = (e: (ev: ProgressEvent) => void) => {
    emit = e;
    return new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  };
  return {
    run,
    start: (id: number) => emit({ kind: 'start', id }),
    result: (r: Partial<TestResult> & { id: number }) =>
      emit({ kind: 'result', result: { name: '', model: '', success: true, time: 0, message: '', ...r } }),
    finish: () => settle!.resolve(),
    fail: () => settle!.reject(new Error('database gone')),
  };
}

function start(run: ReturnType<typeof fakeRun>, lang: Lang = 'en', targets = TARGETS) {
  const done: TestSummary[] = [];
  const ink = render(<ChannelTestView targets={targets} lang={lang} run={run.run} onDone={(s) => done.push(s)} />);
  const frame = () => ink.lastFrame() ?? '';
  const line = (id: number) => frame().split('\n').find((l) => l.includes(`#${id} `)) ?? '';
  return { ...ink, done, frame, line };
}

afterEach(cleanup);

describe('ChannelTestView', () => {
  it('shows each channel waiting, then a spinner while tested, then ✓ with the time or ✗ with the reason, and a summary', async () => {
    const r = fakeRun();
    const v = start(r);
    await tick();
    expect(v.frame()).toContain('Testing 4 channel(s)');
    expect(v.line(1)).toMatch(/#1\s+fast\s+gpt-4o-mini\s+waiting/);
    expect(v.frame()).toContain('0/4 done');

    r.start(1);
    await tick();
    expect(v.line(1)).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] #1\s+fast\s+gpt-4o-mini\s+testing…/);
    expect(v.line(12)).toContain('waiting');

    r.result({ id: 1, name: 'fast', model: 'gpt-4o-mini', time: 0.42 });
    r.start(12);
    await tick();
    expect(v.line(1)).toMatch(/✓ #1\s+fast\s+gpt-4o-mini\s+420 ms/);
    expect(v.line(12)).toContain('testing…');
    expect(v.frame()).toContain('1/4 done');

    r.result({ id: 12, name: 'broken', model: 'gpt-4o', success: false, time: 0.1, message: 'Test failed: upstream answered HTTP 401: Incorrect API key provided: ***' });
    r.start(3);
    r.result({ id: 3, name: 'slow', model: 'gpt-4o-mini', time: 6.5 });
    r.result({ id: 404, success: false, message: 'Channel not found' });
    await tick();
    expect(v.line(12)).toMatch(/✗ #12\s+broken\s+gpt-4o\s+Test failed: upstream answered HTTP 401/);
    expect(v.line(3)).toMatch(/✓ #3\s+slow\s+gpt-4o-mini\s+6\.50 s/);
    expect(v.line(404)).toMatch(/✗ #404\s+Channel not found/);
    expect(v.done).toEqual([]);

    r.finish();
    await tick();
    expect(v.frame()).toContain('2 passed, 2 failed');
    expect(v.frame()).not.toContain('done');
    expect(v.done).toEqual([{ passed: 2, failed: 2, skipped: 0 }]);
  });

  it('counts skipped channels apart (--all) and ends without a summary when the run fails', async () => {
    const r = fakeRun();
    const v = start(r, 'en', TARGETS.slice(0, 2));
    await tick();
    r.result({ id: 1, time: 0.01 });
    r.result({ id: 12, success: false, skipped: true, message: 'Testing is not supported for this channel type' });
    r.finish();
    await tick();
    expect(v.line(12)).toMatch(/- #12\s+broken\s+gpt-4o\s+skipped: Testing is not supported/);
    expect(v.frame()).toContain('1 passed, 0 failed, 1 skipped');

    const broken = fakeRun();
    const w = start(broken);
    await tick();
    broken.start(1);
    broken.fail();
    await tick();
    expect(w.done).toEqual([]);
    expect(w.frame()).not.toContain('passed');
  });

  it('speaks Chinese', async () => {
    const r = fakeRun();
    const v = start(r, 'zh', [TARGETS[0], { id: 2, name: '渠道中文名', model: 'glm-4' }]);
    await tick();
    expect(v.frame()).toContain('测试 2 个渠道');
    // The Chinese name is 5 characters but 10 columns wide: the model column still lines up on screen.
    expect(v.line(2).indexOf('glm-4')).toBe(v.line(1).indexOf('gpt-4o-mini') - 5);
    expect(v.frame()).toContain('等待中');
    r.start(1);
    await tick();
    expect(v.frame()).toContain('测试中…');
    r.result({ id: 1, time: 1.5 });
    r.finish();
    await tick();
    expect(v.frame()).toContain('1.50 s');
    expect(v.frame()).toContain('通过 1 个，失败 0 个');
  });
});

describe('response times', () => {
  it('use the console scale and format', () => {
    expect([1, 1000, 1001, 3000, 3001, 5000, 5001].map(timeColour)).toEqual(['green', 'green', 'lime', 'lime', 'yellow', 'yellow', 'red']);
    expect([4, 999.6, 1000, 1234].map(formatDuration)).toEqual(['4 ms', '1000 ms', '1.00 s', '1.23 s']);
  });
});
