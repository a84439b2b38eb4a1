// `gateway option …`: site options from the terminal, through the same OptionService as PUT /api/option/ (same
// validation, rules and messages), acting as the system (super admin). A running daemon on the same database
// picks a change up at its next cache check (cache.sync_interval_ms, 1 s by default): the save bumps the epoch.
import { readFile } from 'node:fs/promises';
import type { Services } from '../../../daemon/app/services.js';
import type { OptionTab } from '../../../daemon/contract/options.js';
import type { OptionService } from '../../../daemon/modules/option/option.service.js';
import type { AddCommand } from '../index.js';
import { cliConfig, withDbFlags, withServices, type DbFlags } from '../../context.js';
import { UsageError } from '../../errors.js';
import { cliLang, printLine, printWarning, type CliIo } from '../../io.js';
import { listLines } from './option-output.js';
import { optionText } from './option-texts.js';

interface GetFlags extends DbFlags {
  reveal?: boolean;
}
interface SetFlags extends DbFlags {
  file?: string;
}
interface ListFlags extends DbFlags {
  json?: boolean;
  tab?: string;
}

const TABS: readonly OptionTab[] = ['operation', 'system', 'other', 'menus', 'ratelimit', 'models'];

const HELP = `
Keys and values are those of the console's settings page (GET/PUT /api/option/): booleans are "true" or "false",
JSON options take JSON text (--file reads it from a file; "-" reads standard input). A value is checked exactly as
the console's save is, with the same messages; a rule may write more than the one key (SMTPPort 465 turns
SMTPSSLEnabled on), and every key written is printed. Secrets are shown as set / not set unless --reveal.
Put -- before a value that starts with "-" (gateway option set ChannelDisableThreshold -- -1 is refused anyway).
A daemon running on the same database applies the change within about a second.

Exit codes:
  0  done (also when the value was already stored)
  1  refused (the message says why), or the configuration is wrong
  2  wrong or missing arguments

Examples:
  gateway option get SystemName
  gateway option set SystemName "My Gateway"
  gateway option set ModelRatio --file ratios.json
  gateway option list --tab operation
  gateway option list --json`;

export const optionCommand: AddCommand = (program, io) => {
  const option = program.command('option').description('read and change site options, as the console\'s settings page').addHelpText('after', HELP);

  withDbFlags(option.command('get').description('print one option\'s value'))
    .argument('<KEY>', 'option key, e.g. SystemName')
    .option('--reveal', 'print a secret\'s value too')
    .action((key: string, flags: GetFlags) => get(io, key, flags));

  withDbFlags(option.command('set').description('change one option, with the console\'s checks'))
    .argument('<KEY>', 'option key')
    .argument('[VALUE]', 'new value (or use --file)')
    .option('-f, --file <path>', 'read the value from a file ("-": standard input)')
    .action((key: string, value: string | undefined, flags: SetFlags) => set(io, key, value, flags));

  withDbFlags(option.command('list').description('list every option with its value (secrets hidden)'))
    .option('--json', 'print [{"key","value","secret_set"?}] on stdout, values in full')
    .option('-t, --tab <tab>', `only the options of one settings tab (${TABS.join(', ')})`)
    .action((flags: ListFlags) => list(io, flags));
};

async function withOptions<T>(io: CliIo, flags: DbFlags, fn: (s: Services, svc: OptionService) => Promise<T>): Promise<T> {
  const config = await cliConfig(io, flags);
  const { OptionService } = await import('../../../daemon/modules/option/option.service.js');
  return withServices(config, (s) => fn(s, new OptionService(s.options, { own: s.agentOptions, branding: s.branding })));
}

async function get(io: CliIo, key: string, flags: GetFlags): Promise<void> {
  const lang = cliLang(io);
  const { systemActor } = await import('../../../daemon/app/actor.js');
  const item = await withOptions(io, flags, async (_s, svc) => svc.get(systemActor, key));
  if (item.secret_set !== undefined && !flags.reveal) {
    printWarning(io, optionText(lang, 'option.secret_hint', { key: item.key }));
    printLine(io, optionText(lang, item.secret_set ? 'option.secret_set' : 'option.secret_unset'));
    return;
  }
  io.stdout.write(`${item.raw}\n`);
}

async function readValue(io: CliIo, path: string): Promise<string> {
  try {
    if (path === '-') {
      const chunks: Buffer[] = [];
      for await (const c of io.stdin) chunks.push(Buffer.from(c as Buffer));
      return Buffer.concat(chunks).toString('utf8');
    }
    return await readFile(path, 'utf8');
  } catch (e) {
    throw new UsageError(optionText(cliLang(io), 'option.file_unreadable', { path, detail: e instanceof Error ? e.message : String(e) }));
  }
}

async function set(io: CliIo, key: string, value: string | undefined, flags: SetFlags): Promise<void> {
  const lang = cliLang(io);
  if (value !== undefined && flags.file !== undefined) throw new UsageError(optionText(lang, 'option.value_and_file'));
  if (value === undefined && flags.file === undefined) throw new UsageError(optionText(lang, 'option.need_value'));
  // A file's final newline is not part of the value (editors add one).
  const text = value ?? (await readValue(io, flags.file!)).replace(/\r?\n$/, '');
  const [{ systemActor }, { translate }] = await Promise.all([import('../../../daemon/app/actor.js'), import('../../../daemon/i18n/translate.js')]);
  const r = await withOptions(io, flags, (_s, svc) => svc.update(systemActor, key, text));
  printLine(io, translate(lang, r.message), r.message === 'option.password_off_warning' ? 'yellow' : 'green');
  for (const line of listLines(r.items, lang)) printLine(io, line);
}

async function list(io: CliIo, flags: ListFlags): Promise<void> {
  const lang = cliLang(io);
  const tab = flags.tab as OptionTab | undefined;
  if (tab !== undefined && !TABS.includes(tab)) throw new UsageError(optionText(lang, 'option.tab_invalid', { tab, tabs: TABS.join(', ') }));
  const [{ systemActor }, { optionRegistry }] = await Promise.all([import('../../../daemon/app/actor.js'), import('../../../daemon/contract/options.js')]);
  const all = await withOptions(io, flags, async (_s, svc) => svc.listFor(systemActor));
  const items = tab ? all.filter((i) => optionRegistry[i.key as keyof typeof optionRegistry].tab === tab) : all;
  if (flags.json) {
    io.stdout.write(`${JSON.stringify(items)}\n`);
    return;
  }
  for (const line of listLines(items, lang)) printLine(io, line);
}
