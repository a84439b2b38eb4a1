// One config, two builds (architecture §4.6): `--mode app` is the SPA the daemon serves; `--mode lib` is the
// embeddable ES library. Any other mode (vitest's "test", `vite` dev) gets the app settings.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const pkg = JSON.parse(readFileSync(here('./package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
// Every dependency and peer stays external, else rolldown emits `require` shims for CJS deps (stack.md pitfall 11).
// CSS is the exception: Arco's stylesheet is bundled into the one gateway-console.css.
const externals = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
const isExternal = (id: string): boolean =>
  !id.endsWith('.css') && externals.some((d) => id === d || id.startsWith(`${d}/`));

const shared: UserConfig = {
  plugins: [react()],
  resolve: { alias: { '@contract': here('../daemon/contract') } },
};

export default defineConfig(({ mode }): UserConfig => {
  if (mode === 'lib') {
    return {
      ...shared,
      publicDir: false,
      build: {
        outDir: 'dist-lib',
        emptyOutDir: true,
        lib: {
          entry: here('./src/lib.ts'),
          formats: ['es'],
          fileName: () => 'gateway-console.js',
          cssFileName: 'gateway-console',
        },
        rolldownOptions: { external: isExternal },
      },
    };
  }
  // base '/' (not './'): relative assets break SPA deep links (stack.md pitfall 10).
  return {
    ...shared,
    base: '/',
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Arco is ~860 kB minified with Table, DatePicker and Drawer (its components share Trigger, Form and friends);
      // it is one long-cached vendor chunk.
      chunkSizeWarningLimit: 1000,
      // Vendor code changes less often than ours: separate chunks stay cached across console releases.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'arco', test: /node_modules[\\/]@arco-design/ },
              { name: 'vendor', test: /node_modules[\\/]/ },
            ],
          },
        },
      },
    },
  };
});
