// `npm run bench`: runs every benchmark and prints one JSON object per benchmark.
import { sessionLookup } from './session-lookup.ts';

const benchmarks = [sessionLookup];

for (const bench of benchmarks) {
  process.stdout.write(`${JSON.stringify(await bench())}\n`);
}
