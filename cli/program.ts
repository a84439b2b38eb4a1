// The `gateway` program. Only commander and small modules load up front; each command imports Ink, React and the
// daemon inside its action, so `gateway --help` stays fast (stack.md pitfall 19).
import { Command, CommanderError } from 'commander';
import { VERSION } from '../daemon/app/version.js';
import { commands } from './commands/index.js';
import { EXIT_OK, EXIT_USAGE, reportError } from './errors.js';
import { paint, processIo, type CliIo } from './io.js';

export function buildProgram(io: CliIo): Command {
  const program = new Command('gateway')
    .description('AI model API gateway: serve the console, the /api and the relay; set up and manage it')
    .version(VERSION, '-V, --version', 'print the version')
    .helpCommand(true)
    .showHelpAfterError('(run with --help for usage)')
    // Throw instead of process.exit, so runCli decides the code (usage errors are 2) and tests can run in-process.
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: (s, write) => write(paint(io.stderr, io.env, 'red', s)),
    });
  for (const add of commands) add(program, io);
  return program;
}

/** Runs the CLI with argv (without node and script) and returns the exit code; never calls process.exit. */
export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  try {
    await buildProgram(io).parseAsync(argv, { from: 'user' });
    return EXIT_OK;
  } catch (e) {
    // Help and --version end as a CommanderError with exit code 0; anything else commander rejects is usage.
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    return reportError(e, io);
  }
}
