// The terminal view of `gateway channel test`: a line per channel (waiting, a spinner while its test runs, then ✓
// with the time coloured on the console's scale, or ✗ with the reason) and a summary line. It is given the run as a
// function reporting progress events, so tests drive it with fake events and no database.
import React, { useEffect, useRef, useState } from 'react';
import { Box, Text, useApp } from 'ink';
import type { Lang } from '../../../daemon/i18n/lang.js';
import { cliText } from '../../i18n.js';
import {
  formatDuration, summarise, summaryText, timeColour, type ProgressEvent, type TestResult, type TestSummary, type TestTarget,
  type TimeColour,
} from './test-progress.js';

export interface ChannelTestViewProps {
  targets: readonly TestTarget[];
  lang: Lang;
  /** Starts the tests; `emit` reports each start and result. The view exits once the promise settles. */
  run(emit: (e: ProgressEvent) => void): Promise<unknown>;
  /** Called with the totals once every result is in (not when the run failed). */
  onDone?(summary: TestSummary): void;
}

/** Ink colours for the console's scale; lime is Arco's lime-6, which 16-colour terminals get as a bright green. */
const INK_COLOUR: Record<TimeColour, string> = { green: 'green', lime: '#9fdb1d', yellow: 'yellow', red: 'red' };

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

function Spinner() {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFrame((f) => (f + 1) % SPINNER.length), 80);
    return () => clearInterval(timer);
  }, []);
  return <Text color="cyan">{SPINNER[frame]}</Text>;
}

/** Terminal columns of a text: CJK and full-width characters take two (channel names are often Chinese). */
const columns = (text: string): number =>
  [...text].reduce((n, ch) => n + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1), 0);

const width = (values: readonly string[], min: number, max: number) => Math.min(max, Math.max(min, ...values.map(columns)));

export function ChannelTestView({ targets, lang, run, onDone }: ChannelTestViewProps) {
  const { exit } = useApp();
  const [running, setRunning] = useState<number>();
  const [results, setResults] = useState<ReadonlyMap<number, TestResult>>(new Map());
  const [ended, setEnded] = useState<'done' | 'failed'>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const emit = (e: ProgressEvent) => {
      if (e.kind === 'start') setRunning(e.id);
      else setResults((m) => new Map(m).set(e.result.id, e.result));
    };
    // A failed run is reported by the command once Ink has let go of the screen.
    run(emit).then(
      () => (setRunning(undefined), setEnded('done')),
      () => (setRunning(undefined), setEnded('failed')),
    );
  }, []);

  // Exit from an effect once the final frame is on screen (stack.md pitfall 17).
  useEffect(() => {
    if (!ended) return;
    if (ended === 'done') onDone?.(summarise([...results.values()]));
    exit();
  }, [ended]);

  const idWidth = width(targets.map((t) => `#${t.id}`), 3, 8);
  const nameWidth = width(targets.map((t) => t.name), 4, 24);
  const modelWidth = width(targets.map((t) => t.model), 5, 28);
  const summary = summarise([...results.values()]);

  return (
    <Box flexDirection="column">
      <Text bold>{cliText(lang, 'channel_test.title', { count: targets.length })}</Text>
      {targets.map((t) => {
        const r = results.get(t.id);
        return (
          <Box key={t.id} gap={1}>
            <Box width={1} flexShrink={0}>{r ? <Text color={r.success ? 'green' : r.skipped ? 'gray' : 'red'}>{r.success ? '✓' : r.skipped ? '-' : '✗'}</Text> : running === t.id ? <Spinner /> : <Text dimColor>·</Text>}</Box>
            <Box width={idWidth} flexShrink={0}>
              <Text>#{t.id}</Text>
            </Box>
            <Box width={nameWidth} flexShrink={0}>
              <Text wrap="truncate-end">{t.name}</Text>
            </Box>
            <Box width={modelWidth} flexShrink={0}>
              <Text wrap="truncate-end" dimColor>
                {r?.model || t.model}
              </Text>
            </Box>
            <Box flexGrow={1} flexShrink={1}>
              <Status result={r} running={running === t.id} lang={lang} />
            </Box>
          </Box>
        );
      })}
      {ended === 'done' ? (
        <Text bold color={summary.failed || !summary.passed ? 'red' : 'green'}>
          {summaryText(lang, summary)}
        </Text>
      ) : ended ? null : (
        <Text dimColor>{cliText(lang, 'channel_test.progress', { done: results.size, count: targets.length })}</Text>
      )}
    </Box>
  );
}

function Status({ result, running, lang }: { result?: TestResult; running: boolean; lang: Lang }) {
  if (!result) return <Text dimColor>{cliText(lang, running ? 'channel_test.testing' : 'channel_test.waiting')}</Text>;
  if (result.success) {
    const ms = result.time * 1000;
    return <Text color={INK_COLOUR[timeColour(ms)]}>{formatDuration(ms)}</Text>;
  }
  if (result.skipped) return <Text color="gray">{cliText(lang, 'channel_test.skipped_line', { reason: result.message })}</Text>;
  return <Text color="red">{result.message}</Text>;
}
