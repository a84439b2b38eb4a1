// The CLI's side of "one error type, mapped once per surface": every failure becomes one red line and an exit code.
import { ServiceError } from '../daemon/app/errors.js';
import { translate } from '../daemon/i18n/translate.js';
import { cliText } from './i18n.js';
import { cliLang, printError, type CliIo } from './io.js';

export const EXIT_OK = 0;
/** The command ran and failed (bad config, refused by a service, already set up). */
export const EXIT_FAILURE = 1;
/** The command line was wrong or incomplete; nothing was attempted. */
export const EXIT_USAGE = 2;
/** Interrupted by the user (Ctrl+C in a prompt), as shells report SIGINT. */
export const EXIT_INTERRUPTED = 130;

/** A wrong or incomplete command line, already translated. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A failure already shown to the user (e.g. inside an Ink screen); only the exit code is left to set. */
export class ExitError extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
    this.name = 'ExitError';
  }
}

/** Ctrl+C in a prompt: say so (Ink has already cleaned up the screen) and stop with the interrupted code. */
export function interrupted(io: CliIo): ExitError {
  printError(io, cliText(cliLang(io), 'error.cancelled'));
  return new ExitError(EXIT_INTERRUPTED);
}

/** Prints the error and returns the exit code. */
export function reportError(e: unknown, io: CliIo): number {
  const lang = cliLang(io);
  if (e instanceof ExitError) return e.code;
  if (e instanceof UsageError) {
    printError(io, e.message);
    return EXIT_USAGE;
  }
  if (e instanceof ServiceError) {
    printError(io, translate(lang, e.key, e.params));
    return EXIT_FAILURE;
  }
  // By name, not instanceof: importing config/load here would load YAML on every start (stack.md pitfall 19).
  if (e instanceof Error && e.name === 'ConfigError') {
    printError(io, cliText(lang, 'error.config', { detail: e.message }));
    return EXIT_FAILURE;
  }
  const message = e instanceof Error ? e.message : String(e);
  printError(io, message);
  if (io.env.GATEWAY_DEBUG && e instanceof Error && e.stack) io.stderr.write(`${e.stack}\n`);
  return EXIT_FAILURE;
}
