// How the `gateway` binary starts node: the environment and node flags on the first line of bin/gateway.js
// (`#!/usr/bin/env -S [NAME=VALUE]... node [FLAG]...`). That line is the one place they are written; `npm start`
// executes the file itself so it gets them too, and the benchmark reads them from here so it measures the process
// an operator runs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface LaunchFlags {
  env: Record<string, string>;
  nodeFlags: string[];
}

export const GATEWAY_BIN = fileURLToPath(new URL('../bin/gateway.js', import.meta.url));

/** Parses a shebang line; throws when it does not start node through `env`. */
export function parseShebang(line: string): LaunchFlags {
  const m = /^#!\s*\S*\benv(?:\s+-S)?\s+(.*)$/.exec(line.trim());
  if (!m) throw new Error(`not an env shebang: ${line}`);
  const words = m[1].split(/\s+/).filter(Boolean);
  const env: Record<string, string> = {};
  let i = 0;
  for (; i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]); i++) {
    const eq = words[i].indexOf('=');
    env[words[i].slice(0, eq)] = words[i].slice(eq + 1);
  }
  if (words[i] !== 'node') throw new Error(`the shebang does not run node: ${line}`);
  return { env, nodeFlags: words.slice(i + 1) };
}

/** The launch flags of bin/gateway.js as it is on disk. */
export const gatewayLaunchFlags = (bin = GATEWAY_BIN): LaunchFlags => parseShebang(readFileSync(bin, 'utf8').split('\n', 1)[0]);
