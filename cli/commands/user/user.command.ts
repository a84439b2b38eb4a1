// `gateway user …`: user management from the terminal, through the same UserAdminService as the console (same rules
// and messages), acting as the system — above every account, so it can also reset the super admin's password.
// The rules that protect the super admin still hold: it cannot be disabled, deleted or demoted.
import { Argument, InvalidArgumentError, Option } from 'commander';
import type { Services } from '../../../daemon/app/services.js';
import type { User } from '../../../daemon/modules/user/user.entity.js';
import { ServiceError } from '../../../daemon/app/errors.js';
import { USER_MANAGE_ACTIONS, type ManagedUser, type UserManageAction } from '../../../daemon/contract/user-admin.js';
import { MAX_PAGE_SIZE } from '../../../daemon/contract/paging.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../daemon/contract/user.js';
import type { AddCommand } from '../index.js';
import { cliConfig, withDbFlags, withServices, type DbFlags } from '../../context.js';
import { UsageError } from '../../errors.js';
import { cliLang, isInteractive, printLine, type CliIo } from '../../io.js';
import { promptText, requireTerminal } from '../../ui/prompts.js';
import { roleLabel, statusLabel, userTable } from './user-output.js';
import type { QuotaDisplay } from '../../../daemon/contract/quota-format.js';
import { userText } from './user-texts.js';

interface JsonFlag extends DbFlags {
  json?: boolean;
}

const HELP = `
Every subcommand uses the console's rules and messages. --json prints one JSON document on stdout: the page for
"list" ({items,total,page,page_size}), the user row for the others (reset-password adds "password" when it
generated one).

Exit codes:
  0  done
  1  refused (the message says why), or the configuration is wrong
  2  wrong or missing arguments

Examples:
  gateway user list --keyword ali --group vip --page 2
  gateway user create alice --password 'a-long-secret' --display-name Alice
  gateway user manage alice disable
  gateway user set-quota alice 500000
  gateway user set-quota alice --add -100000
  gateway user set-agent alice bob          (bob: an agent's username or id; 0 or none detaches)
  gateway user reset-password admin`;

/** A whole number, negative allowed (quota deltas); a usage error (exit 2) otherwise. */
const integer = (value: string): number => {
  if (!/^-?\d{1,16}$/.test(value.trim())) throw new InvalidArgumentError('expected a whole number');
  return Number(value);
};
const positive = (value: string): number => {
  const n = integer(value);
  if (n < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return n;
};

export const userCommand: AddCommand = (program, io) => {
  const user = program.command('user').description('manage users: list, create, enable/disable/promote/demote/delete, quota, agent, password').addHelpText('after', HELP);
  const sub = (name: string, description: string) => withDbFlags(user.command(name).description(description)).option('--json', 'print one JSON document on stdout');

  sub('list', 'list users, newest first (deactivated ones included)')
    .option('-k, --keyword <text>', 'match username, e-mail or display name (any case), or the id')
    .option('-g, --group <group>', 'only this group')
    .option('-p, --page <n>', 'page number, from 1', positive, 1)
    .option('--page-size <n>', `users per page (1-${MAX_PAGE_SIZE})`, positive, 20)
    .action((flags: JsonFlag & { keyword?: string; group?: string; page: number; pageSize: number }) => list(io, flags));

  sub('create', 'create a normal user, as the console\'s add-user drawer')
    .argument('<username>', 'the new username')
    .option('--password <password>', 'the password (asked in a terminal when missing)')
    .option('--display-name <name>', 'display name (default: the username)')
    .action((username: string, flags: JsonFlag & { password?: string; displayName?: string }) => create(io, username, flags));

  sub('manage', 'promote, demote, disable, enable or delete (a soft, irreversible deactivation) a user')
    .argument('<username>', 'the user')
    .addArgument(new Argument('<action>', 'what to do').choices(USER_MANAGE_ACTIONS))
    .action((username: string, action: UserManageAction, flags: JsonFlag) => manage(io, username, action, flags));

  sub('set-quota', 'set a user\'s quota, or add to it (negative to take) with --add')
    .argument('<username>', 'the user')
    .argument('[quota]', 'the new quota (500000 = $1 by default)', integer)
    .addOption(new Option('--add <amount>', 'add this amount instead (negative to take; never below 0)').argParser(integer))
    .action((username: string, quota: number | undefined, flags: JsonFlag & { add?: number }) => setQuota(io, username, quota, flags));

  sub('set-agent', 'move a user to another agent, or to none (as the administrator\'s user edit)')
    .argument('<username>', 'the user (username or id)')
    .argument('<agent>', 'the agent (username or id), or 0 / none for no agent')
    .action((username: string, agentName: string, flags: JsonFlag) => setAgent(io, username, agentName, flags));

  sub('reset-password', 'give a user a new password and end all their sessions')
    .argument('<username>', 'the user')
    .option('--password <password>', `the new password (${PASSWORD_MIN}-${PASSWORD_MAX} characters; default: a random one, printed)`)
    .action((username: string, flags: JsonFlag & { password?: string }) => resetPassword(io, username, flags));
};

async function run<T>(io: CliIo, flags: DbFlags, fn: (s: Services) => Promise<T>): Promise<T> {
  const config = await cliConfig(io, flags);
  return withServices(config, fn);
}

async function systemActorOf() {
  return (await import('../../../daemon/app/actor.js')).systemActor;
}

const toRow = async (u: User): Promise<ManagedUser> =>
  (await import('../../../daemon/modules/user/user.view.js')).toManagedUser(u);

function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value)}\n`);
}

async function list(io: CliIo, flags: JsonFlag & { keyword?: string; group?: string; page: number; pageSize: number }): Promise<void> {
  const lang = cliLang(io);
  if (flags.pageSize > MAX_PAGE_SIZE) throw new UsageError(`--page-size: 1-${MAX_PAGE_SIZE}`);
  const actor = await systemActorOf();
  let money: QuotaDisplay | null = null;
  const page = await run(io, flags, async (s) => {
    const p = await s.userAdmin.list(actor, { keyword: flags.keyword, group: flags.group, p: flags.page, page_size: flags.pageSize }, false);
    // quota reads as the console shows it; --json keeps the raw integers
    money = { display_in_currency: s.options.bool('DisplayInCurrencyEnabled'), quota_per_unit: s.options.number('QuotaPerUnit') };
    return { ...p, items: await Promise.all(p.items.map(toRow)) };
  });
  if (flags.json) return printJson(io, page);
  if (!page.items.length) printLine(io, userText(lang, 'list.empty'));
  else for (const line of userTable(lang, page.items, money)) printLine(io, line);
  printLine(io, userText(lang, 'list.summary', { page: page.page, size: page.page_size, total: page.total }), 'dim');
}

async function create(io: CliIo, username: string, flags: JsonFlag & { password?: string; displayName?: string }): Promise<void> {
  const lang = cliLang(io);
  let password = flags.password;
  if (password === undefined) {
    // Asked in a terminal (kept out of shell history); a script must pass --password.
    if (!isInteractive(io)) requireTerminal(io, ['--password']);
    password = await promptText(io, { label: userText(lang, 'password.prompt', { username, min: PASSWORD_MIN, max: PASSWORD_MAX }), mask: '*', flag: '--password' });
  }
  const actor = await systemActorOf();
  const row = await run(io, flags, async (s) => toRow(await s.userAdmin.create(actor, { username, password, display_name: flags.displayName })));
  if (flags.json) return printJson(io, row);
  printLine(io, userText(lang, 'create.done', { username: row.username, id: row.id }), 'green');
}

async function manage(io: CliIo, username: string, action: UserManageAction, flags: JsonFlag): Promise<void> {
  const lang = cliLang(io);
  const actor = await systemActorOf();
  const row = await run(io, flags, async (s) => toRow(await s.userAdmin.manage(actor, { username, action })));
  if (flags.json) return printJson(io, row);
  printLine(io, userText(lang, 'manage.done', { username: row.username, action, role: roleLabel(lang, row.role), status: statusLabel(lang, row) }), 'green');
}

async function setQuota(io: CliIo, username: string, quota: number | undefined, flags: JsonFlag & { add?: number }): Promise<void> {
  const lang = cliLang(io);
  if (quota === undefined && flags.add === undefined) throw new UsageError(userText(lang, 'quota.need_value'));
  if (quota !== undefined && flags.add !== undefined) throw new UsageError(userText(lang, 'quota.value_and_add'));
  const actor = await systemActorOf();
  const row = await run(io, flags, async (s) => {
    const target = await s.userAdmin.getByUsername(actor, username);
    const change = flags.add !== undefined ? { add_quota: flags.add } : { quota };
    return toRow(await s.userAdmin.update(actor, { id: target.id, ...change }));
  });
  if (flags.json) return printJson(io, row);
  printLine(io, userText(lang, 'quota.done', { username: row.username, quota: row.quota }), 'green');
}

async function setAgent(io: CliIo, username: string, agentName: string, flags: JsonFlag): Promise<void> {
  const lang = cliLang(io);
  const actor = await systemActorOf();
  const { userRef, agentRef } = await import('../agent/user-ref.js');
  const { row, agent } = await run(io, flags, async (s) => {
    const target = await userRef(s, username);
    const to = await agentRef(s, agentName);
    return { row: await toRow(await s.userAdmin.update(actor, { id: target.id, agent_id: to?.id ?? 0 })), agent: to };
  });
  if (flags.json) return printJson(io, row);
  printLine(io, agent
    ? userText(lang, 'agent.done', { username: row.username, agent: agent.username, id: agent.id })
    : userText(lang, 'agent.none', { username: row.username }), 'green');
}

async function resetPassword(io: CliIo, username: string, flags: JsonFlag & { password?: string }): Promise<void> {
  const lang = cliLang(io);
  const { randomAlnum } = await import('../../../daemon/app/random.js');
  // new-api's reset gives a random 12-character password (reference §7.6).
  const generated = flags.password === undefined ? randomAlnum(12) : undefined;
  const password = flags.password ?? generated!;
  if (!password) throw new ServiceError('user_admin.password_short', { min: PASSWORD_MIN });
  const actor = await systemActorOf();
  const row = await run(io, flags, async (s) => {
    const target = await s.userAdmin.getByUsername(actor, username);
    return toRow(await s.userAdmin.update(actor, { id: target.id, password }));
  });
  if (flags.json) return printJson(io, generated ? { ...row, password: generated } : row);
  printLine(io, userText(lang, 'password.done', { username: row.username }), 'green');
  if (generated) printLine(io, userText(lang, 'password.generated', { password: generated }));
}
