// `gateway channel …`: channel management from the terminal. `channel test` calls ChannelService.test as the
// console's test button does (architecture §4.7), one channel at a time.
import { InvalidArgumentError } from 'commander';
import type { AddCommand } from '../index.js';
import { cliConfig, withDbFlags, withServices, type DbFlags } from '../../context.js';
import { ExitError, EXIT_FAILURE, UsageError } from '../../errors.js';
import { cliText } from '../../i18n.js';
import { cliLang, type CliIo } from '../../io.js';

interface TestFlags extends DbFlags {
  all?: boolean;
  model?: string;
  json?: boolean;
}

const TEST_HELP = `
Tests run one at a time, exactly like the console's test button: the same request to the upstream, the same
messages, and response_time / test_time are stored. --all takes every enabled and auto-disabled channel (as
"test all" does) and skips those whose type has no test. Keys never appear in the output.

In a terminal a live view shows each channel; otherwise one line per channel and a summary. --json prints one
document on stdout: {"results":[{"id","name","model","success","time","message"}],"passed","failed","skipped"}
(time in seconds).

Exit codes:
  0  every channel tested passed
  1  a test failed, an id was not found, or nothing could be tested
  2  wrong flags, or neither IDs nor --all

Examples:
  gateway channel test 3 7
  gateway channel test --all --json`;

/** A channel id: a whole number, else a usage error (exit 2). Accumulates the variadic argument. */
function parseIds(value: string, previous: number[] = []): number[] {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected a channel id (a whole number)');
  return [...previous, Number(value)];
}

export const channelCommand: AddCommand = (program, io) => {
  const channel = program.command('channel').description('manage channels: test them against their upstreams');
  withDbFlags(channel.command('test').description('test channels against their upstreams, as the console\'s test button'))
    .argument('[ID...]', 'channel ids', parseIds)
    .option('--all', 'every enabled and auto-disabled channel')
    .option('-m, --model <model>', 'model to test with (default: the channel\'s test model, else its first model)')
    .option('--json', 'print one JSON document on stdout')
    .addHelpText('after', TEST_HELP)
    .action((ids: number[] | undefined, flags: TestFlags) => test(io, ids ?? [], flags));
};

async function test(io: CliIo, ids: number[], flags: TestFlags): Promise<void> {
  const lang = cliLang(io);
  // Before opening the database: a wrong command line fails at once.
  if (!ids.length && !flags.all) throw new UsageError(cliText(lang, 'channel_test.need_target'));
  if (ids.length && flags.all) throw new UsageError(cliText(lang, 'channel_test.ids_and_all'));
  const config = await cliConfig(io, flags);
  const [{ channelTest }, { allPassed }] = await Promise.all([import('./channel-test.js'), import('./test-progress.js')]);
  const model = flags.model?.trim() || undefined;
  const summary = await withServices(config, (services) =>
    channelTest(io, services.channels, { ids: flags.all ? 'all' : ids, model }, !!flags.json),
  );
  if (!allPassed(summary)) throw new ExitError(EXIT_FAILURE);
}
