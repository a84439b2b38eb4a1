// Awaitable prompts. They refuse to run without a terminal on both stdin and stdout, so a script or CI job gets
// an immediate usage error naming the missing flags instead of hanging (architecture §4.7).
// Ink and React load only here, when a prompt is really shown (stack.md pitfall 19).
import type { ReactElement } from 'react';
import { interrupted, UsageError } from '../errors.js';
import { cliText } from '../i18n.js';
import { cliLang, isInteractive, type CliIo } from '../io.js';
import type { Choice } from './SelectList.js';

/** Throws a usage error unless the user can be asked; `missing` names the flags that would have avoided asking. */
export function requireTerminal(io: CliIo, missing: readonly string[] = []): void {
  if (isInteractive(io)) return;
  const lang = cliLang(io);
  throw new UsageError(
    missing.length ? cliText(lang, 'error.missing_flags', { flags: missing.join(', ') }) : cliText(lang, 'error.no_tty'),
  );
}

/**
 * Renders an Ink screen until it exits and returns the value it passed to `finish`, or undefined when it exited
 * without one (Ctrl+C). The screen must call useApp().exit() itself, from an effect after its last frame.
 */
export async function runInk<T>(io: CliIo, build: (finish: (value: T) => void) => ReactElement, missing?: readonly string[]): Promise<T | undefined> {
  requireTerminal(io, missing);
  const { render } = await import('ink');
  let result: { value: T } | undefined;
  const instance = render(build((value) => (result = { value })), { stdin: io.stdin, stdout: io.stdout, stderr: io.stderr });
  await instance.waitUntilExit();
  return result?.value;
}

/** No answer means the user pressed Ctrl+C: stop the command with the shell's interrupted code. */
const answered = <T>(io: CliIo, value: T | undefined): T => {
  if (value === undefined) throw interrupted(io);
  return value;
};

export interface TextOptions {
  label: string;
  initial?: string;
  /** Mask character for secrets, e.g. '*'. */
  mask?: string;
  validate?(value: string): string | undefined;
  /** Flag that answers this question, named in the error when there is no terminal. */
  flag?: string;
}

export async function promptText(io: CliIo, opts: TextOptions): Promise<string> {
  requireTerminal(io, opts.flag ? [opts.flag] : []); // before loading React and Ink: the refusal must be quick
  const [{ createElement }, { TextPrompt }] = await Promise.all([import('react'), import('./Prompt.js')]);
  const value = await runInk<string>(io, (finish) => createElement(TextPrompt, { ...opts, onAnswer: finish }), opts.flag ? [opts.flag] : []);
  return answered(io, value);
}

export interface SelectOptions<T extends string> {
  label: string;
  choices: readonly Choice<T>[];
  initial?: T;
  flag?: string;
}

export async function promptSelect<T extends string>(io: CliIo, opts: SelectOptions<T>): Promise<T> {
  requireTerminal(io, opts.flag ? [opts.flag] : []);
  const [{ createElement }, { SelectPrompt }] = await Promise.all([import('react'), import('./Prompt.js')]);
  const value = await runInk<T>(
    io,
    (finish) => createElement(SelectPrompt<T>, { ...opts, onAnswer: finish }),
    opts.flag ? [opts.flag] : [],
  );
  return answered(io, value);
}
