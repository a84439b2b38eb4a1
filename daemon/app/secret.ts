// The session secret: from config when set, else generated once and kept in the data directory.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomId } from './random.js';

export interface SecretResult {
  secret: string;
  /** True when it came from (or was written to) the data directory rather than configuration. */
  generated: boolean;
  path?: string;
}

export function sessionSecret(configured: string, dataDir: string): SecretResult {
  if (configured) return { secret: configured, generated: false };
  const path = join(dataDir, 'session-secret');
  if (existsSync(path)) {
    const s = readFileSync(path, 'utf8').trim();
    if (s.length >= 16) return { secret: s, generated: true, path };
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomId(48);
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return { secret, generated: true, path };
}
