// `gateway serve`: the only command that builds the HTTP server (architecture §4.7).
import type { AddCommand } from './index.js';
import { cliConfig, parseWholeNumber, withDbFlags, type DbFlags } from '../context.js';
import { cliText } from '../i18n.js';
import { cliLang, printLine, printWarning, type CliIo } from '../io.js';

interface ServeFlags extends DbFlags {
  port?: number;
  host?: string;
}

export const serveCommand: AddCommand = (program, io) => {
  withDbFlags(program.command('serve').description('run the gateway: console, /api and the /v1 relay'))
    .option('-p, --port <port>', 'TCP port (0 picks a free one; GATEWAY_SERVER_PORT)', parseWholeNumber)
    .option('--host <host>', 'address to listen on (GATEWAY_SERVER_HOST)')
    .addHelpText(
      'after',
      '\nSIGTERM or SIGINT stops accepting connections, waits for requests in flight (server.shutdown_grace_seconds)' +
        '\nand exits 0; a second signal exits 1 at once. Start-up failures exit 1.',
    )
    .action((flags: ServeFlags) => serve(io, flags));
};

async function serve(io: CliIo, flags: ServeFlags): Promise<void> {
  const lang = cliLang(io);
  const config = await cliConfig(io, flags, { 'server.port': flags.port, 'server.host': flags.host });
  const { startGateway } = await import('../../daemon/app/start.js');
  const gateway = await startGateway(config);
  const stopped = stopOnSignal(gateway.stop, () => {
    printWarning(io, cliText(lang, 'serve.forced'));
    process.exit(1);
  }, () => printLine(io, cliText(lang, 'serve.stopping', { seconds: config.server.shutdown_grace_seconds })));
  printLine(io, cliText(lang, 'serve.listening', { url: gateway.url }));
  const secret = gateway.services.secret;
  if (secret.generated) printWarning(io, cliText(lang, 'serve.secret_generated', { path: secret.path ?? config.data_dir }));
  await stopped;
  printLine(io, cliText(lang, 'serve.stopped'));
}

/** Resolves once stop() has finished after the first SIGTERM/SIGINT; a second signal calls force(). */
function stopOnSignal(stop: () => Promise<void>, force: () => void, onStopping: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let stopping = false;
    const onSignal = () => {
      if (stopping) return force();
      stopping = true;
      onStopping();
      stop().then(resolve, reject);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
