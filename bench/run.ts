// `npm run bench [-- name…]`: runs the named benchmarks (all by default), one JSON object each.
import { dashboardOpen } from './dashboard-open.ts';
import { frontend } from './frontend.ts';
import { hangingTargets } from './hanging-targets.ts';
import { jobs } from './jobs.ts';
import { monitorList } from './monitor-list.ts';
import { packedHistory } from './packed-history.ts';
import { performance } from './performance.ts';
import { regions } from './regions.ts';
import { retention } from './retention.ts';
import { rum } from './rum.ts';
import { rumChecks } from './rum-checks.ts';
import { rumSnippet } from './rum-snippet.ts';
import { scheduler, signInLateness } from './scheduler.ts';
import { sessionLookup } from './session-lookup.ts';
import { statusPage, statusPageAuto, statusPageGerman } from './status-page.ts';

const benchmarks: Record<string, () => Promise<object>> = {
  'session-lookup': sessionLookup,
  'monitor-list': monitorList,
  jobs,
  performance,
  retention,
  'packed-history': packedHistory,
  scheduler,
  'hanging-targets': hangingTargets,
  regions,
  'sign-in-lateness': signInLateness,
  'status-page': statusPage,
  'status-page-de': statusPageGerman,
  'status-page-auto': statusPageAuto,
  frontend,
  'dashboard-open': dashboardOpen,
  rum,
  'rum-checks': rumChecks,
  'rum-snippet': rumSnippet,
};
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(benchmarks).join(', ')}\n`,
  );
  process.exit(1);
}
for (const name of wanted.length > 0 ? wanted : Object.keys(benchmarks)) {
  process.stdout.write(`${JSON.stringify(await benchmarks[name]?.())}\n`);
}
