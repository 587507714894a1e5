// `performance.run` on /api/v1/events: a run of one of the user's performance sites changed state.
import type { QueryClient } from '@tanstack/react-query';
import { RUN_STATUSES, type RunStatus } from '../../../core/api/performance-runs';
import { recordRunProgress } from '../performance';
import type { SseMessage } from './sse-parser';

export const PERFORMANCE_RUN_EVENT = 'performance.run';

interface RunEventData {
  siteId?: unknown;
  runId?: unknown;
  status?: unknown;
  error?: { code?: unknown; message?: unknown } | null;
}

function readError(error: RunEventData['error']): { code: string; message: string } | null {
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') return null;
  return { code: error.code, message: error.message };
}

/** Applies a performance event to the caches; false for any other (or a malformed) message. */
export function applyPerformanceMessage(queryClient: QueryClient, message: SseMessage): boolean {
  if (message.event !== PERFORMANCE_RUN_EVENT) return false;
  let data: RunEventData;
  try {
    data = JSON.parse(message.data) as RunEventData;
  } catch {
    return true;
  }
  const { siteId, runId, status } = data;
  if (typeof siteId !== 'string' || typeof runId !== 'string') return true;
  if (!RUN_STATUSES.includes(status as RunStatus)) return true;
  recordRunProgress(queryClient, siteId, {
    runId,
    status: status as RunStatus,
    error: readError(data.error),
  });
  return true;
}
