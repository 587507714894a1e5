import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, LoaderCircle, Play } from 'lucide-react';
import { useEffect } from 'react';
import type { PerformanceRun, PerformanceSite } from '../../../core/api/performance';
import { WriteButton } from '../../components/role-lock';
import { FormError } from '../../components/ui/input';
import { apiSend } from '../../lib/api';
import { cn } from '../../lib/cn';
import { performanceKeys, type RunProgress, recordRunProgress, sitePath } from '../../lib/performance';

const STEPS = ['Queued', 'Running', 'Done'] as const;

function stepOf(progress: RunProgress): number {
  if (progress.status === 'queued') return 0;
  return progress.status === 'running' ? 1 : 2;
}

function fromRun(run: PerformanceRun): RunProgress {
  return { runId: run.id, status: run.status, error: run.error };
}

const ORDER: Record<PerformanceRun['status'], number> = { queued: 0, running: 1, succeeded: 2, failed: 2 };

/**
 * The newest run's state: whichever of the stream's latest word and the server's site is
 * further along, since either can be behind the other.
 */
export function useRunProgress(site: PerformanceSite): RunProgress | null {
  const live = useQuery({
    queryKey: performanceKeys.progress(site.id),
    queryFn: () => null as RunProgress | null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
  const active = site.activeRun;
  const queryClient = useQueryClient();
  // Remember an active run the server reported, so its end (seen by a poll) reads as Done.
  useEffect(() => {
    if (active && (live?.runId !== active.id || ORDER[active.status] > ORDER[live.status])) {
      queryClient.setQueryData(performanceKeys.progress(site.id), fromRun(active));
    }
  }, [active, live, site.id, queryClient]);
  if (live) {
    if (active?.id === live.runId) return ORDER[active.status] > ORDER[live.status] ? fromRun(active) : live;
    if (site.lastRun?.id === live.runId) return fromRun(site.lastRun);
    if (!active) return live;
  }
  return active ? fromRun(active) : null;
}

function progressText(progress: RunProgress): string {
  if (progress.status === 'queued') return 'Run queued: waiting for a free browser.';
  if (progress.status === 'running') return 'Running Lighthouse in Chromium…';
  if (progress.status === 'succeeded') return 'Run finished.';
  return `Run failed: ${progress.error?.message ?? 'see the run for details.'}`;
}

/** Queued → Running → Done, with the current step marked. */
export function RunProgressView({ progress }: { progress: RunProgress }) {
  const current = stepOf(progress);
  const failed = progress.status === 'failed';
  return (
    <div className="flex flex-col gap-1.5">
      <ol className="flex items-center gap-2 text-xs" aria-label="Run progress">
        {STEPS.map((step, index) => {
          const reached = index <= current;
          const active = index === current && !(index === 2 && !failed);
          return (
            <li
              key={step}
              aria-current={index === current ? 'step' : undefined}
              className={cn(
                'flex items-center gap-1 rounded-full border px-2 py-0.5',
                reached ? 'border-accent/40 bg-accent-soft text-accent' : 'border-border text-muted',
                index === 2 && failed && 'border-danger/40 bg-danger-soft text-danger',
              )}
            >
              {active && index < 2 ? <LoaderCircle className="size-3 animate-spin" aria-hidden /> : null}
              {index === 2 && reached && !failed ? <Check className="size-3" aria-hidden /> : null}
              {index === 2 && failed ? 'Failed' : step}
            </li>
          );
        })}
      </ol>
      <p role="status" className={cn('text-xs', failed ? 'text-danger' : 'text-muted')}>
        {progressText(progress)}
      </p>
    </div>
  );
}

/** 'Run now': one run from the month's allowance; refusals show the server's own message. */
export function RunNow({ site, size = 'sm' }: { site: PerformanceSite; size?: 'sm' | 'md' }) {
  const queryClient = useQueryClient();
  const progress = useRunProgress(site);
  const busy = progress !== null && (progress.status === 'queued' || progress.status === 'running');
  const run = useMutation({
    mutationFn: () => apiSend<PerformanceRun>('POST', sitePath(site.id, 'runs')),
    onSuccess: (started) => {
      recordRunProgress(queryClient, site.id, fromRun(started));
      // The site's active run (and with it the progress poll) and the runs left this month.
      void queryClient.invalidateQueries({ queryKey: performanceKeys.all });
      void queryClient.invalidateQueries({ queryKey: performanceKeys.plan });
    },
  });
  return (
    <div className="flex flex-col gap-2">
      <div>
        <WriteButton
          size={size}
          variant="secondary"
          onClick={() => run.mutate()}
          disabled={busy || run.isPending}
        >
          <Play className="size-4" aria-hidden />
          {run.isPending ? 'Starting…' : 'Run now'}
        </WriteButton>
      </div>
      {run.isError ? <FormError>{run.error.message}</FormError> : null}
      {progress ? <RunProgressView progress={progress} /> : null}
    </div>
  );
}
