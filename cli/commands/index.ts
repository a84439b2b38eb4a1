// Every command of the CLI, in help order. An explicit list, not folder discovery (architecture §4.9 rule 5).
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { serveCommand } from './serve.js';
import { setupCommand } from './setup/setup.command.js';
import { channelCommand } from './channel/channel.command.js';
import { userCommand } from './user/user.command.js';
import { optionCommand } from './option/option.command.js';
import { logCommand } from './log/log.command.js';
import { agentCommand } from './agent/agent.command.js';

export type AddCommand = (program: Command, io: CliIo) => void;

export const commands: readonly AddCommand[] = [serveCommand, setupCommand, channelCommand, userCommand, agentCommand, optionCommand, logCommand];
