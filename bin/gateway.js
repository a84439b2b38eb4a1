#!/usr/bin/env -S node --max-semi-space-size=4 --heap-growing-percent=50 --v8-pool-size=1
// Runs the compiled CLI (dist/), or the TypeScript sources through tsx when GATEWAY_TSX=1 (development).
// The node flags above keep `gateway serve` small (README "Memory"): a 4 MB young generation instead of 16, the old
// generation grows by half between full collections instead of up to four times, and one V8 worker thread. Under
// 256 concurrent streams that is ~150 MB resident instead of ~240-300, for some more garbage-collection CPU.
if (process.env.GATEWAY_TSX === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/main.ts');
} else {
  await import('../dist/cli/main.js');
}
