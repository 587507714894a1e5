import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, LoaderCircle, Play } from 'lucide-react';
import type { PerformanceRun, PerformanceSite } from '../../../core/api/performance';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { apiSend } from '../../lib/api';
import { cn } from '../../lib/cn';
import { performanceKeys, type RunProgress, recordRunProgress, sitePath } from '../../lib/performance';

const STEPS = ['Queued', 'Running', 'Done'] as const;

function stepOf(progress: RunProgress): number {
  if (progress.status === 'queued') return 0;
  return progress.status === 'running' ? 1 : 2;
}

/** The newest run's state: the stream's latest word on it, else the site's active run. */
export function useRunProgress(site: PerformanceSite): RunProgress | null {
  const live = useQuery({
    queryKey: performanceKeys.progress(site.id),
    queryFn: () => null as RunProgress | null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
  const active = site.activeRun;
  if (live && (!active || active.id === live.runId)) return live;
  return active ? { runId: active.id, status: active.status, error: null } : null;
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
      recordRunProgress(queryClient, site.id, { runId: started.id, status: started.status, error: null });
      void queryClient.invalidateQueries({ queryKey: performanceKeys.plan });
    },
  });
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button size={size} variant="secondary" onClick={() => run.mutate()} disabled={busy || run.isPending}>
          <Play className="size-4" aria-hidden />
          {run.isPending ? 'Starting…' : 'Run now'}
        </Button>
      </div>
      {run.isError ? <FormError>{run.error.message}</FormError> : null}
      {progress ? <RunProgressView progress={progress} /> : null}
    </div>
  );
}
