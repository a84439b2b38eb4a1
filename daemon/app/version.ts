import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../config/paths.js';

/** The gateway's version, from its package.json. */
export const VERSION: string = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version;
