// What `gateway channel test` reports, shared by the Ink view, the plain lines and --json. Pure and light: no
// daemon code, so the view's tests need no database.
import type { Lang } from '../../../daemon/i18n/lang.js';
import { cliText } from '../../i18n.js';

/** A channel about to be tested. `problem` is set when it can't be (an unknown id): it fails without a call. */
export interface TestTarget {
  id: number;
  name: string;
  model: string;
  problem?: string;
}

/** One line of the --json `results` (no key, ever: only the channel's id, name and the translated message). */
export interface TestResult {
  id: number;
  name: string;
  model: string;
  success: boolean;
  /** Seconds, as GET /api/channel/test/:id answers; 0 when no call was made. */
  time: number;
  /** '' on success; the reason otherwise, in the CLI language. */
  message: string;
  /** --all only: a channel test-all leaves out as well (a type without a test, no key), not counted as failed. */
  skipped?: boolean;
}

export type ProgressEvent = { kind: 'start'; id: number } | { kind: 'result'; result: TestResult };

export interface TestSummary {
  passed: number;
  failed: number;
  skipped: number;
}

export function summarise(results: readonly TestResult[]): TestSummary {
  const skipped = results.filter((r) => r.skipped).length;
  const passed = results.filter((r) => r.success).length;
  return { passed, failed: results.length - passed - skipped, skipped };
}

/** Success only when something was tested and nothing failed (skipped channels alone are not a success). */
export const allPassed = (s: TestSummary): boolean => s.failed === 0 && s.passed > 0;

export function summaryText(lang: Lang, s: TestSummary): string {
  const text = cliText(lang, 'channel_test.summary', { passed: s.passed, failed: s.failed });
  return s.skipped ? text + cliText(lang, 'channel_test.skipped', { skipped: s.skipped }) : text;
}

/** "850 ms" below a second, "1.23 s" from there, as the console shows response times. */
export const formatDuration = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

/** The console's response-time scale (spec 3 §9): up to 1 s green, 3 s lime, 5 s yellow, above red. */
export type TimeColour = 'green' | 'lime' | 'yellow' | 'red';

export function timeColour(ms: number): TimeColour {
  if (ms <= 1000) return 'green';
  if (ms <= 3000) return 'lime';
  if (ms <= 5000) return 'yellow';
  return 'red';
}
