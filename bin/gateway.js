#!/usr/bin/env -S node --max-semi-space-size=8 --heap-growing-percent=25 --v8-pool-size=1
// Runs the compiled CLI (dist/), or the TypeScript sources through tsx when GATEWAY_TSX=1 (development).
// The node flags above keep `gateway serve` small (README "Memory"): an 8 MB young generation instead of 16, an old
// generation that grows by a quarter between full collections instead of up to four times, and one V8 worker
// thread. Under 256 concurrent streams that is ~155 MB resident instead of ~240-300.
if (process.env.GATEWAY_TSX === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/main.ts');
} else {
  await import('../dist/cli/main.js');
}
