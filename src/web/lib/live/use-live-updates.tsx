import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import type { Monitor } from '../../../core/api/monitors';
import { monitorKeys } from '../monitors';
import { useActiveWorkspace } from '../workspaces';
import { browserTimers, createEventStream, fetchConnect, type StreamState } from './event-stream';
import { createKeyedThrottle } from './keyed-throttle';
import { applyLiveEvent, parseLiveEvent, resyncAfterSubscribe } from './live-events';
import { applyPerformanceMessage } from './performance-events';

export const EVENTS_PATH = '/api/v1/events';
/** History (results, uptime) of one monitor refetches at most this often while events arrive. */
export const HISTORY_REFRESH_MS = 5000;
/** The dashboard's counts refetch at once on a status change, then at most this often. */
export const SUMMARY_REFRESH_MS = 2000;

const LiveStateContext = createContext<StreamState>('stopped');

/** The live connection's state, for an indicator. */
export function useLiveState(): StreamState {
  return useContext(LiveStateContext);
}

/**
 * Counts the moves from one workspace to another: the server picks the workspace whose events a
 * stream carries when it connects, so each move opens a new stream (the first load does not).
 */
function useWorkspaceConnection(): number {
  const workspaceId = useActiveWorkspace()?.id;
  const seen = useRef<string | undefined>(undefined);
  const [moves, setMoves] = useState(0);
  useEffect(() => {
    if (workspaceId === undefined) return;
    if (seen.current !== undefined && seen.current !== workspaceId) setMoves((n) => n + 1);
    seen.current = workspaceId;
  }, [workspaceId]);
  return moves;
}

/** Subscribes to the user's events while mounted and keeps the monitor caches current. */
export function LiveUpdates({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  const connection = useWorkspaceConnection();

  // biome-ignore lint/correctness/useExhaustiveDependencies: each move to another workspace reconnects
  useEffect(() => {
    const refreshHistory = createKeyedThrottle(
      (id) => {
        void queryClient.invalidateQueries({ queryKey: monitorKeys.results(id) });
        void queryClient.invalidateQueries({ queryKey: monitorKeys.uptime(id) });
        void queryClient.invalidateQueries({ queryKey: monitorKeys.pings(id) });
        void queryClient.invalidateQueries({ queryKey: monitorKeys.regions(id) });
        // A heartbeat's next expected ping and lateness move with each ping: only its answer has them.
        if (queryClient.getQueryData<Monitor>(monitorKeys.detail(id))?.kind === 'heartbeat') {
          void queryClient.invalidateQueries({ queryKey: monitorKeys.detail(id), exact: true });
        }
      },
      HISTORY_REFRESH_MS,
      browserTimers,
    );
    const refreshSummary = createKeyedThrottle(
      () => void queryClient.invalidateQueries({ queryKey: monitorKeys.summary() }),
      SUMMARY_REFRESH_MS,
      browserTimers,
    );
    const stream = createEventStream({
      connect: fetchConnect(EVENTS_PATH),
      onStateChange: setState,
      onMessage(message) {
        if (message.event === 'ready') {
          resyncAfterSubscribe(queryClient);
          return;
        }
        if (applyPerformanceMessage(queryClient, message)) return;
        const event = parseLiveEvent(message);
        if (!event) return;
        applyLiveEvent(queryClient, event);
        refreshHistory.call(event.monitorId);
        // A status change moves the tiles' counts and may open or resolve an incident.
        if (event.type !== 'check.result') refreshSummary.call('summary');
      },
    });
    return () => {
      stream.stop();
      refreshHistory.cancel();
      refreshSummary.cancel();
    };
  }, [queryClient, connection]);

  return <LiveStateContext value={state}>{children}</LiveStateContext>;
}
