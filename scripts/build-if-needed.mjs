// `npm start` builds first when the compiled daemon or the console is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newest = (dir) => {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};
const built = (f) => (existsSync(f) ? statSync(f).mtimeMs : 0);

const sources = Math.max(...['cli', 'daemon', 'config', 'migrations', 'console/src'].map(newest), built('console/index.html'));
const outputs = Math.min(built('dist/cli/main.js'), built('console/dist/index.html'));
if (outputs < sources) {
  console.log('building the gateway and its console…');
  execSync('npm run build', { stdio: 'inherit' });
}
