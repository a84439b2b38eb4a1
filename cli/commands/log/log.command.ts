// `gateway log clear`: deletes usage logs older than a time through LogService.clearBefore (the console's "clear
// logs", DELETE /api/log/), in batches, showing progress. Safe while a daemon runs on the same database: each batch
// is its own short statement, so the daemon's log writes wait at most one batch.
import type { AddCommand } from '../index.js';
import { cliConfig, withDbFlags, withServices, type DbFlags } from '../../context.js';
import { UsageError } from '../../errors.js';
import { cliLang, printLine, type CliIo } from '../../io.js';
import { optionText } from '../option/option-texts.js';
import { cutoffFrom, formatLocal } from './log-cutoff.js';

interface ClearFlags extends DbFlags {
  before?: string;
  days?: string;
  dryRun?: boolean;
}

const HELP = `
DATE is a local date (2025-01-31, from its start), a local time (2025-01-31T08:00), an ISO time with a zone
(2025-01-31T00:00:00Z) or Unix seconds. --days 30 clears what is older than 30 days (the console's default is one
month); --days 0 clears every log. Logs are deleted in batches; the progress shows each one. Exit 0 when done,
1 when the database refused, 2 for a wrong command line.

Examples:
  gateway log clear --days 90
  gateway log clear --before 2025-01-01 --dry-run`;

export const logCommand: AddCommand = (program, io) => {
  const log = program.command('log').description('usage logs: clear old entries');
  withDbFlags(log.command('clear').description('delete logs older than a date, in batches, with progress'))
    .option('-b, --before <DATE>', 'delete logs created before this time')
    .option('-d, --days <N>', 'delete logs older than N days')
    .option('--dry-run', 'only count what would be deleted')
    .addHelpText('after', HELP)
    .action((flags: ClearFlags) => clear(io, flags));
};

async function clear(io: CliIo, flags: ClearFlags): Promise<void> {
  const lang = cliLang(io);
  const cut = cutoffFrom(flags, new Date());
  if (!cut.ok) throw new UsageError(optionText(lang, cut.error, cut.params));
  const time = formatLocal(cut.at);
  const config = await cliConfig(io, flags);
  const { translate } = await import('../../../daemon/i18n/translate.js');
  await withServices(config, async (s) => {
    const total = await s.logs.countBefore(cut.at);
    if (total === 0) return printLine(io, optionText(lang, 'log.none', { time }));
    if (flags.dryRun) return printLine(io, optionText(lang, 'log.would_clear', { count: total, time }));
    const tty = !!io.stdout.isTTY;
    const cleared = await s.logs.clearBefore(cut.at, (done) => {
      // A terminal gets one line rewritten in place; a pipe one line per batch.
      const line = optionText(lang, 'log.progress', { done, total: Math.max(total, done) });
      if (tty) io.stdout.write(`\r${line}\x1b[K`);
      else printLine(io, line);
    });
    if (tty) io.stdout.write('\n');
    printLine(io, translate(lang, 'log.cleared', { count: cleared }), 'green');
  });
}
