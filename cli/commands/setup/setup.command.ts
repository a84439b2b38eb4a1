// `gateway setup`: the same first-run setup as the web wizard, from flags (scripts) or an Ink wizard (terminal).
import { Option } from 'commander';
import { usageModeFlags, type UsageMode } from '../../../daemon/contract/setup.js';
import { translate } from '../../../daemon/i18n/translate.js';
import type { AddCommand } from '../index.js';
import { cliConfig, withDbFlags, withServices, type DbFlags } from '../../context.js';
import { ExitError, EXIT_FAILURE, interrupted } from '../../errors.js';
import { cliText } from '../../i18n.js';
import { cliLang, isInteractive, printLine, type CliIo } from '../../io.js';
import { requireTerminal, runInk } from '../../ui/prompts.js';
import type { SetupPort, WizardOutcome } from './SetupWizard.js';
import { USAGE_MODES } from './wizard-state.js';

interface SetupFlags extends DbFlags {
  username?: string;
  password?: string;
  confirmPassword?: string;
  mode?: UsageMode;
}

const HELP = `
Without --username and --password, and with a terminal on stdin and stdout, an interactive wizard asks for them.
Without a terminal, missing flags are an error (exit 2) that names them, so scripts never wait for input.

Exit codes:
  0  the system was initialised
  1  it was already initialised (nothing is changed), the input was refused, or the configuration is wrong
  2  wrong or missing flags
  130  interrupted (Ctrl+C in the wizard)

Example:
  gateway setup --username admin --password 'a-long-secret' --mode self`;

export const setupCommand: AddCommand = (program, io) => {
  withDbFlags(program.command('setup').description('initialise the system: create the administrator and choose the usage mode'))
    .option('--username <name>', 'administrator username')
    .option('--password <password>', 'administrator password (the wizard avoids putting it in shell history)')
    .option('--confirm-password <password>', 'the password again (default: --password)')
    .addOption(new Option('--mode <mode>', 'usage mode (default: external)').choices(USAGE_MODES))
    .addHelpText('after', HELP)
    .action((flags: SetupFlags) => setup(io, flags));
};

async function setup(io: CliIo, flags: SetupFlags): Promise<void> {
  const missing = [flags.username === undefined && '--username', flags.password === undefined && '--password'].filter(
    (f): f is string => !!f,
  );
  // Before touching the database: a script missing a flag fails at once instead of hanging on a prompt.
  if (missing.length && !isInteractive(io)) requireTerminal(io, missing);
  const config = await cliConfig(io, flags);
  await withServices(config, (services) => (missing.length ? wizard(io, flags, services.setup) : fromFlags(io, flags, services.setup)));
}

async function fromFlags(io: CliIo, flags: SetupFlags, setup: SetupPort): Promise<void> {
  const lang = cliLang(io);
  const { root_init } = await setup.status();
  await setup.init({
    username: flags.username,
    password: flags.password,
    confirmPassword: flags.confirmPassword ?? flags.password,
    ...usageModeFlags(flags.mode ?? 'external'),
  });
  const created = root_init ? '' : ` — ${cliText(lang, 'setup.root_created', { username: flags.username!.trim() })}`;
  printLine(io, `${translate(lang, 'setup.success')}${created}`, 'green');
}

async function wizard(io: CliIo, flags: SetupFlags, setup: SetupPort): Promise<void> {
  const [{ createElement }, { SetupWizard }] = await Promise.all([import('react'), import('./SetupWizard.js')]);
  const outcome = await runInk<WizardOutcome>(io, (finish) =>
    createElement(SetupWizard, { setup, lang: cliLang(io), initial: { username: flags.username, mode: flags.mode }, onFinish: finish }),
  );
  // The wizard has shown the result itself; only the exit code is left.
  if (!outcome) throw interrupted(io);
  if (outcome.kind !== 'done') throw new ExitError(EXIT_FAILURE);
}
