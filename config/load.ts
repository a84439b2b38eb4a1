// Loads the configuration: default.yaml < a YAML file < GATEWAY_* environment < flags, then validates it.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { envName, rules, type GatewayConfig, type Rule } from './schema.js';
import { packageRoot } from './paths.js';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Tree = Record<string, unknown>;

export interface LoadOptions {
  /** Path of a YAML file whose settings override the defaults. */
  file?: string;
  /** Environment to read GATEWAY_* variables from (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Highest-precedence values by dotted path, e.g. { 'server.port': 8080 }. */
  overrides?: Record<string, unknown>;
}

export function defaultsText(): string {
  return readFileSync(join(packageRoot(), 'config', 'default.yaml'), 'utf8');
}

export function loadConfig(opts: LoadOptions = {}): GatewayConfig {
  const values = new Map<string, unknown>();
  flatten(parseYaml(defaultsText(), 'config/default.yaml'), '', values, 'config/default.yaml');
  if (opts.file) {
    let text: string;
    try {
      text = readFileSync(opts.file, 'utf8');
    } catch (e) {
      throw new ConfigError(`cannot read config file ${opts.file}: ${(e as Error).message}`);
    }
    flatten(parseYaml(text, opts.file) ?? {}, '', values, opts.file);
  }
  const env = opts.env ?? process.env;
  for (const path of Object.keys(rules)) {
    const raw = env[envName(path)];
    if (raw !== undefined) values.set(path, coerce(path, raw, `environment variable ${envName(path)}`));
  }
  for (const [path, v] of Object.entries(opts.overrides ?? {})) {
    if (v === undefined) continue;
    if (!rules[path]) throw new ConfigError(`unknown setting '${path}'`);
    values.set(path, typeof v === 'string' ? coerce(path, v, `option for ${path}`) : v);
  }
  const config: Tree = {};
  for (const [path, rule] of Object.entries(rules)) {
    const v = values.get(path);
    check(path, rule, v);
    setPath(config, path, v);
  }
  const c = config as unknown as GatewayConfig;
  c.data_dir = resolve(c.data_dir);
  return c;
}

function parseYaml(text: string, source: string): Tree {
  try {
    return (parse(text) ?? {}) as Tree;
  } catch (e) {
    throw new ConfigError(`${source} is not valid YAML: ${(e as Error).message}`);
  }
}

function flatten(tree: Tree, prefix: string, out: Map<string, unknown>, source: string): void {
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (rules[path]) out.set(path, v);
    else if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(rules).some((r) => r.startsWith(`${path}.`)))
      flatten(v as Tree, path, out, source);
    else throw new ConfigError(`unknown setting '${path}' in ${source}`);
  }
}

/** Turns a string (environment, flag) into the rule's type. */
function coerce(path: string, raw: string, source: string): unknown {
  const rule = rules[path];
  if (rule.type === 'integer') {
    if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(`${path}: ${source} must be a whole number, got '${raw}'`);
    return Number(raw.trim());
  }
  if (rule.type === 'boolean') {
    const s = raw.trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(s)) return true;
    if (['false', '0', 'no', 'off', ''].includes(s)) return false;
    throw new ConfigError(`${path}: ${source} must be true or false, got '${raw}'`);
  }
  return raw;
}

function check(path: string, rule: Rule, v: unknown): void {
  const bad = (what: string) => new ConfigError(`setting '${path}' ${what}, got ${JSON.stringify(v)}`);
  if (rule.type === 'integer') {
    if (typeof v !== 'number' || !Number.isInteger(v)) throw bad('must be a whole number');
    if (v < rule.min || v > rule.max) throw bad(`must be between ${rule.min} and ${rule.max}`);
  } else if (rule.type === 'boolean') {
    if (typeof v !== 'boolean') throw bad('must be true or false');
  } else {
    if (typeof v !== 'string') throw bad('must be a string');
    if (rule.pattern && !rule.pattern.test(v)) throw bad(`must be ${rule.hint}`);
    if (rule.oneOf && !rule.oneOf.includes(v)) throw bad(`must be one of ${rule.oneOf.join(', ')}`);
  }
}

function setPath(tree: Tree, path: string, v: unknown): void {
  const parts = path.split('.');
  let node = tree;
  for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Tree;
  node[parts[parts.length - 1]] = v;
}
