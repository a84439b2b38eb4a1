// What commands share: the flags every database command takes, loading the configuration with those flags on
// top, and the daemon's own services (architecture §4.7), so the CLI validates and fails exactly like the console.
import { InvalidArgumentError, type Command } from 'commander';
import type { GatewayConfig } from '../config/schema.js';
import type { Services } from '../daemon/app/services.js';
import type { CliIo } from './io.js';

export interface DbFlags {
  config?: string;
  dataDir?: string;
}

/** Adds -c/--config and --data-dir to a command that opens the database. */
export function withDbFlags(cmd: Command): Command {
  return cmd
    .option('-c, --config <file>', 'YAML configuration file (default settings: config/default.yaml)')
    .option('--data-dir <dir>', 'data directory: SQLite file and session secret (GATEWAY_DATA_DIR)');
}

/** Commander argument parser for ports and counts, so a bad number is a usage error (exit 2). */
export function parseWholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected a whole number');
  return Number(value);
}

/**
 * Flags are the highest precedence: default.yaml < --config file < GATEWAY_* environment < flags.
 * `overrides` maps dotted config paths to flag values; undefined ones are skipped by loadConfig.
 */
export async function cliConfig(io: CliIo, flags: DbFlags, overrides: Record<string, unknown> = {}): Promise<GatewayConfig> {
  const { loadConfig } = await import('../config/load.js');
  return loadConfig({ file: flags.config, env: io.env, overrides: { data_dir: flags.dataDir, ...overrides } });
}

/** Opens the daemon's services, runs fn, and always closes them (the process must not hang on a pool). */
export async function withServices<T>(config: GatewayConfig, fn: (services: Services) => Promise<T>): Promise<T> {
  const { createServices } = await import('../daemon/app/services.js');
  const services = await createServices(config);
  try {
    return await fn(services);
  } finally {
    await services.close();
  }
}
