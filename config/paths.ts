// Where the gateway is installed. Works from the TypeScript sources and from the compiled dist/ alike
// (stack.md pitfall 20: paths relative to a source file move when compiled).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'gateway') return (root = dir);
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the gateway installation (package.json named "gateway")');
    dir = up;
  }
}
