// `gateway agent …`: agent administration from the terminal (design agents.md §1), through the same AgentService and
// UserAdminService as the console (same rules and messages), acting as the system. `remove` ends the agency (the
// console's demote): the user stays, and its sub-users and sub-agents go to its parent. Deleting the account itself
// is `gateway user manage <user> delete`, which ends the agency the same way.
import { InvalidArgumentError } from 'commander';
import type { Services } from '../../../daemon/app/services.js';
import type { AgentRow } from '../../../daemon/contract/agents.js';
import { ServiceError } from '../../../daemon/app/errors.js';
import { MAX_PAGE_SIZE } from '../../../daemon/contract/paging.js';
import type { Lang } from '../../../daemon/i18n/lang.js';
import type { AddCommand } from '../index.js';
import { cliConfig, withDbFlags, withServices, type DbFlags } from '../../context.js';
import { UsageError } from '../../errors.js';
import { cliLang, printLine, type CliIo } from '../../io.js';
import { agentTable } from './agent-output.js';
import { agentText } from './agent-texts.js';
import { agentRef, userRef } from './user-ref.js';

interface JsonFlag extends DbFlags {
  json?: boolean;
}

const HELP = `
Users and agents are named by username or id; a parent of 0 or "none" means no parent. --json prints one JSON
document on stdout: the page for "list" ({items,total,page,page_size}), the agent row for "add" and "remove".

Exit codes:
  0  done
  1  refused (the message says why), or the configuration is wrong
  2  wrong or missing arguments

Examples:
  gateway agent list --all
  gateway agent add alice --domain agent.example.com --parent bob
  gateway agent remove alice
  gateway user set-agent carol alice`;

const positive = (value: string): number => {
  if (!/^\d{1,9}$/.test(value.trim()) || Number(value) < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return Number(value);
};

export const agentCommand: AddCommand = (program, io) => {
  const agent = program.command('agent').description('manage agents (resellers): list, add, remove').addHelpText('after', HELP);
  const sub = (name: string, description: string) => withDbFlags(agent.command(name).description(description)).option('--json', 'print one JSON document on stdout');

  sub('list', 'list the live agents, newest first')
    .option('-a, --all', 'deleted agents too')
    .option('-p, --page <n>', 'page number, from 1', positive, 1)
    .option('--page-size <n>', `agents per page (1-${MAX_PAGE_SIZE})`, positive, 20)
    .action((flags: JsonFlag & { all?: boolean; page: number; pageSize: number }) => list(io, flags));

  sub('add', 'make a user an agent on its own domain, under a parent agent or none')
    .argument('<user>', 'the user (username or id)')
    .requiredOption('-d, --domain <host>', 'the agent\'s domain, a host name such as agent.example.com')
    .option('--parent <agent>', 'the parent agent (username or id; 0 or none for no parent)', 'none')
    .action((ref: string, flags: JsonFlag & { domain: string; parent: string }) => add(io, ref, flags));

  sub('remove', 'end a user\'s agency (it becomes a normal user; its users go to its parent)')
    .argument('<user>', 'the agent (username or id)')
    .action((ref: string, flags: JsonFlag) => remove(io, ref, flags));
};

async function run<T>(io: CliIo, flags: DbFlags, fn: (s: Services) => Promise<T>): Promise<T> {
  return withServices(await cliConfig(io, flags), fn);
}

const systemActorOf = async () => (await import('../../../daemon/app/actor.js')).systemActor;
const printJson = (io: CliIo, value: unknown): void => void io.stdout.write(`${JSON.stringify(value)}\n`);
const parentLabel = (lang: Lang, id: number, name?: string): string => (id ? `${name ?? ''} (ID ${id})`.trim() : agentText(lang, 'parent.none'));

async function list(io: CliIo, flags: JsonFlag & { all?: boolean; page: number; pageSize: number }): Promise<void> {
  const lang = cliLang(io);
  if (flags.pageSize > MAX_PAGE_SIZE) throw new UsageError(`--page-size: 1-${MAX_PAGE_SIZE}`);
  const actor = await systemActorOf();
  const q = { p: flags.page, page_size: flags.pageSize };
  const page = await run(io, flags, (s) => (flags.all ? s.agents.search(actor, q) : s.agents.list(actor, q)));
  if (flags.json) return printJson(io, page);
  if (!page.items.length) printLine(io, agentText(lang, 'list.empty'));
  else for (const line of agentTable(lang, page.items)) printLine(io, line);
  printLine(io, agentText(lang, 'list.summary', { page: page.page, size: page.page_size, total: page.total }), 'dim');
}

async function add(io: CliIo, ref: string, flags: JsonFlag & { domain: string; parent: string }): Promise<void> {
  const lang = cliLang(io);
  const actor = await systemActorOf();
  const { row, parentName } = await run(io, flags, async (s) => {
    const u = await userRef(s, ref);
    const parent = await agentRef(s, flags.parent);
    const added: AgentRow = await s.agents.add(actor, { agent_id: u.id, domain: flags.domain, referrer_id: parent?.id ?? 0 });
    return { row: added, parentName: parent?.username };
  });
  if (flags.json) return printJson(io, row);
  printLine(io, agentText(lang, 'add.done', { username: row.username, id: row.agent_id, domain: row.domain, parent: parentLabel(lang, row.agent_agent_id, parentName) }), 'green');
}

async function remove(io: CliIo, ref: string, flags: JsonFlag): Promise<void> {
  const lang = cliLang(io);
  const actor = await systemActorOf();
  const row = await run(io, flags, async (s) => {
    const u = await userRef(s, ref);
    const before = await s.agents.get(actor, u.id);
    if (!before || before.DeletedAt !== null) throw new ServiceError('agent.not_agent');
    await s.userAdmin.manage(actor, { id: u.id, action: 'demote' });
    return (await s.agents.get(actor, u.id))!;
  });
  if (flags.json) return printJson(io, row);
  printLine(io, agentText(lang, 'remove.done', { username: row.username, parent: parentLabel(lang, row.agent_agent_id) }), 'green');
}
