// The streams and environment a command runs with, so tests can run commands in-process and so the language
// and colour decisions are made in one place.
import { langFromEnv, type Lang } from '../daemon/i18n/lang.js';

export interface CliIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}

export const processIo = (): CliIo => ({
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});

export const cliLang = (io: CliIo): Lang => langFromEnv(io.env);

/** Prompts need both ends to be a terminal: a piped stdout could not show them, a piped stdin could not answer. */
export const isInteractive = (io: CliIo): boolean => !!io.stdin.isTTY && !!io.stdout.isTTY;

type Colour = 'red' | 'green' | 'yellow' | 'dim';
const codes: Record<Colour, [number, number]> = { red: [31, 39], green: [32, 39], yellow: [33, 39], dim: [2, 22] };

/** ANSI colour only on a terminal and without NO_COLOR (https://no-color.org), so logs and pipes stay plain. */
export function paint(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv, colour: Colour, text: string): string {
  if (!stream.isTTY || env.NO_COLOR) return text;
  const [on, off] = codes[colour];
  return `\x1b[${on}m${text}\x1b[${off}m`;
}

export const printLine = (io: CliIo, text: string, colour?: Colour): void => {
  io.stdout.write(`${colour ? paint(io.stdout, io.env, colour, text) : text}\n`);
};

export const printError = (io: CliIo, text: string): void => {
  io.stderr.write(`${paint(io.stderr, io.env, 'red', text)}\n`);
};

export const printWarning = (io: CliIo, text: string): void => {
  io.stderr.write(`${paint(io.stderr, io.env, 'yellow', text)}\n`);
};
