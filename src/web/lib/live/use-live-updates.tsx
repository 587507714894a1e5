import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { monitorKeys } from '../monitors';
import { browserTimers, createEventStream, fetchConnect, type StreamState } from './event-stream';
import { createKeyedThrottle } from './keyed-throttle';
import { applyLiveEvent, parseLiveEvent } from './live-events';
import { applyPerformanceMessage } from './performance-events';

export const EVENTS_PATH = '/api/v1/events';
/** History (results, uptime) of one monitor refetches at most this often while events arrive. */
export const HISTORY_REFRESH_MS = 5000;

const LiveStateContext = createContext<StreamState>('stopped');

/** The live connection's state, for an indicator. */
export function useLiveState(): StreamState {
  return useContext(LiveStateContext);
}

/** Subscribes to the user's events while mounted and keeps the monitor caches current. */
export function LiveUpdates({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');

  useEffect(() => {
    const refreshHistory = createKeyedThrottle(
      (id) => {
        void queryClient.invalidateQueries({ queryKey: monitorKeys.results(id) });
        void queryClient.invalidateQueries({ queryKey: monitorKeys.uptime(id) });
      },
      HISTORY_REFRESH_MS,
      browserTimers,
    );
    const stream = createEventStream({
      connect: fetchConnect(EVENTS_PATH),
      onStateChange: setState,
      onMessage(message) {
        if (applyPerformanceMessage(queryClient, message)) return;
        const event = parseLiveEvent(message);
        if (!event) return;
        applyLiveEvent(queryClient, event);
        refreshHistory.call(event.monitorId);
      },
    });
    return () => {
      stream.stop();
      refreshHistory.cancel();
    };
  }, [queryClient]);

  return <LiveStateContext value={state}>{children}</LiveStateContext>;
}
