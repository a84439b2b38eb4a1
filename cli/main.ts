// Entry point of `gateway` (bin/gateway.js imports the compiled copy of this file).
import { runCli } from './program.js';

const code = await runCli(process.argv.slice(2));
// Exit explicitly: a command that finished must not be kept alive by a leftover handle (a pool, a timer, stdin).
// stdout and stderr are synchronous for files, pipes and terminals on Linux, so nothing written is lost.
process.exit(code);
