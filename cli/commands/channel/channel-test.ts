// `gateway channel test`, once the command line is known to be right: choose the channels, test them one at a time
// through ChannelService.test (the console's test button: same checks, messages, stored response_time/test_time),
// and show the progress as an Ink view, plain lines or one JSON document. Loaded only by the command's action.
import type { Channel as ChannelView, ChannelSearchQuery } from '../../../daemon/contract/channel.js';
import { ChannelStatus } from '../../../daemon/contract/roles.js';
import { systemActor, type Actor } from '../../../daemon/app/actor.js';
import { ServiceError } from '../../../daemon/app/errors.js';
import type { Lang } from '../../../daemon/i18n/lang.js';
import { translate } from '../../../daemon/i18n/translate.js';
import type { ChannelTestOutcome } from '../../../daemon/modules/channel/channel.service.js';
import { testModelFor } from '../../../daemon/modules/channel/channel-rules.js';
import { cliText } from '../../i18n.js';
import { cliLang, paint, printLine, type CliIo } from '../../io.js';
import { formatDuration, summarise, summaryText, type ProgressEvent, type TestResult, type TestSummary, type TestTarget } from './test-progress.js';

/** The part of ChannelService this command uses. */
export interface ChannelTestPort {
  get(actor: Actor, id: number): Promise<ChannelView>;
  search(actor: Actor, q: ChannelSearchQuery): Promise<ChannelView[]>;
  test(actor: Actor, id: number, model: string | undefined, lang: Lang): Promise<ChannelTestOutcome>;
}

export interface Selection {
  /** Explicit ids (duplicates removed, order kept), or every enabled and auto-disabled channel. */
  ids: readonly number[] | 'all';
  model?: string;
}

const reason = (lang: Lang, e: unknown): string =>
  e instanceof ServiceError ? translate(lang, e.key, e.params) : e instanceof Error ? e.message : String(e);

const target = (c: ChannelView, model: string | undefined): TestTarget => ({ id: c.id, name: c.name, model: testModelFor(c, model).model });

/** The channels to test, in order. An unknown id stays in the list with its reason, so it gets its failure line. */
export async function planTargets(port: ChannelTestPort, lang: Lang, sel: Selection): Promise<TestTarget[]> {
  if (sel.ids === 'all') {
    // As test-all: enabled (1) and auto-disabled (3), by id; manually disabled channels are left alone.
    const all = await port.search(systemActor, { id_sort: true });
    return all
      .filter((c) => c.status === ChannelStatus.enabled || c.status === ChannelStatus.autoDisabled)
      .sort((a, b) => a.id - b.id)
      .map((c) => target(c, sel.model));
  }
  const out: TestTarget[] = [];
  for (const id of new Set(sel.ids)) {
    try {
      out.push(target(await port.get(systemActor, id), sel.model));
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      out.push({ id, name: '', model: '', problem: reason(lang, e) });
    }
  }
  return out;
}

/**
 * Tests the targets one after the other, reporting each start and result. With --all, a channel the service
 * refuses to test (a type without a test, no key, no base URL) is skipped, as test-all skips it; asked for by id,
 * it is a failure with the service's message.
 */
export async function runTests(
  port: ChannelTestPort,
  lang: Lang,
  targets: readonly TestTarget[],
  opts: { model?: string; all: boolean },
  emit: (e: ProgressEvent) => void = () => undefined,
): Promise<TestResult[]> {
  const results: TestResult[] = [];
  const finish = (result: TestResult) => {
    results.push(result);
    emit({ kind: 'result', result });
  };
  for (const t of targets) {
    const base = { id: t.id, name: t.name, model: t.model };
    if (t.problem !== undefined) {
      finish({ ...base, success: false, time: 0, message: t.problem });
      continue;
    }
    emit({ kind: 'start', id: t.id });
    try {
      const r = await port.test(systemActor, t.id, opts.model, lang);
      const message = r.error ? translate(lang, r.error.key, r.error.params) : '';
      finish({ ...base, model: r.model, success: !r.error, time: r.time, message });
    } catch (e) {
      const skipped = opts.all && e instanceof ServiceError;
      finish({ ...base, success: false, time: 0, message: reason(lang, e), ...(skipped ? { skipped } : {}) });
    }
  }
  return results;
}

/** One plain line per result, for logs and pipes. */
export function resultLine(io: CliIo, lang: Lang, r: TestResult): string {
  const who = [`#${r.id}`, r.name, r.model].filter(Boolean).join(' · ');
  if (r.success) return `${paint(io.stdout, io.env, 'green', '✓')} ${who} · ${formatDuration(r.time * 1000)}`;
  if (r.skipped) return paint(io.stdout, io.env, 'dim', `- ${who} · ${cliText(lang, 'channel_test.skipped_line', { reason: r.message })}`);
  return `${paint(io.stdout, io.env, 'red', '✗')} ${who} · ${r.message}`;
}

/** Plans, runs and shows the tests; returns the summary (the exit code follows from it). */
export async function channelTest(io: CliIo, port: ChannelTestPort, sel: Selection, json: boolean): Promise<TestSummary> {
  const lang = cliLang(io);
  const targets = await planTargets(port, lang, sel);
  const opts = { model: sel.model, all: sel.ids === 'all' };
  let results: TestResult[];
  if (json) {
    results = await runTests(port, lang, targets, opts);
    const summary = summarise(results);
    io.stdout.write(`${JSON.stringify({ results, ...summary })}\n`);
    return summary;
  }
  if (targets.length === 0) {
    printLine(io, cliText(lang, 'channel_test.none'), 'yellow');
    return summarise([]);
  }
  if (io.stdout.isTTY) {
    results = await inInk(io, lang, targets, (emit) => runTests(port, lang, targets, opts, emit));
  } else {
    results = await runTests(port, lang, targets, opts, (e) => {
      if (e.kind === 'result') printLine(io, resultLine(io, lang, e.result));
    });
    const summary = summarise(results);
    printLine(io, summaryText(lang, summary), summary.failed ? 'red' : 'green');
  }
  return summarise(results);
}

async function inInk(
  io: CliIo,
  lang: Lang,
  targets: readonly TestTarget[],
  run: (emit: (e: ProgressEvent) => void) => Promise<TestResult[]>,
): Promise<TestResult[]> {
  const [{ createElement }, { render }, { ChannelTestView }] = await Promise.all([import('react'), import('ink'), import('./ChannelTestView.js')]);
  // The run's own promise, so its results (or its error) reach the command whatever the view does.
  let running: Promise<TestResult[]> | undefined;
  const start = (emit: (e: ProgressEvent) => void) => (running = run(emit));
  const instance = render(createElement(ChannelTestView, { targets, lang, run: start }), {
    stdin: io.stdin,
    stdout: io.stdout,
    stderr: io.stderr,
  });
  await instance.waitUntilExit();
  if (!running) throw new Error('the channel test view ended before it started');
  return running;
}
