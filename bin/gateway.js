#!/usr/bin/env node
// Runs the compiled CLI (dist/), or the TypeScript sources through tsx when GATEWAY_TSX=1 (development).
if (process.env.GATEWAY_TSX === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/main.ts');
} else {
  await import('../dist/cli/main.js');
}
