// The child process of a performance run: Lighthouse (performance category) against a Chromium
// the parent launched, so trace processing never blocks the server's event loop. It sends back
// only the figures the run records, then exits.
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import type { LighthouseFigures, LighthouseJob } from './performance-figures.ts';
import { figuresOf } from './performance-figures.ts';

async function audit(job: LighthouseJob): Promise<LighthouseFigures> {
  const runner = await lighthouse(
    job.url,
    { port: job.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    job.device === 'desktop' ? desktopConfig : undefined,
  );
  if (!runner) throw new Error('Lighthouse returned no result.');
  return figuresOf(runner.lhr as Result);
}

process.once('message', (job: LighthouseJob) => {
  audit(job).then(
    (figures) => process.send?.({ ok: true, figures }, () => process.exit(0)),
    (err: unknown) => {
      const error = err as { code?: unknown; friendlyMessage?: unknown; message?: unknown };
      process.send?.(
        {
          ok: false,
          code: typeof error.code === 'string' ? error.code : null,
          message: String(error.friendlyMessage ?? error.message ?? err),
        },
        () => process.exit(0),
      );
    },
  );
});
