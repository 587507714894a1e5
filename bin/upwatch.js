#!/usr/bin/env node
// Node 20 cannot run TypeScript itself: tsx compiles the server's modules as they load.
import { setFlagsFromString } from 'node:v8';
import { register } from 'tsx/esm/api';

// V8 lets the old generation grow to about four times what survived the last full collection
// before it collects again. The check job's claimed rows and stored batches live a second or two,
// long enough to be promoted, so at 100,000 monitors the heap swung between 55 and 240 MB and the
// peak RSS reached 480–494 MB of the 500 MB goal. Growing by at most twice that: peak 371 MB, for
// 0.389 → 0.41 ms of CPU per check (bench/scheduler.ts). V8 reads it at each collection, so set
// here it holds for the whole process.
setFlagsFromString('--heap-growing-percent=100');

register();
await import('../src/server/app/cli/main.ts');
