import type { Timers } from './event-stream';

/**
 * Runs `run(key)` at once, then at most once per `waitMs` for the same key: calls inside the
 * window collapse into one trailing run when it ends. A monitor checked every few seconds
 * then refetches its history at a steady pace instead of once per event.
 */
export function createKeyedThrottle(
  run: (key: string) => void,
  waitMs: number,
  timers: Timers,
): { call(key: string): void; cancel(): void } {
  const windows = new Map<string, { handle: unknown; pending: boolean }>();

  const openWindow = (key: string) => {
    const handle = timers.setTimeout(() => {
      const window = windows.get(key);
      windows.delete(key);
      if (window?.pending) {
        run(key);
        openWindow(key);
      }
    }, waitMs);
    windows.set(key, { handle, pending: false });
  };

  return {
    call(key) {
      const window = windows.get(key);
      if (window) {
        window.pending = true;
        return;
      }
      run(key);
      openWindow(key);
    },
    cancel() {
      for (const { handle } of windows.values()) timers.clearTimeout(handle);
      windows.clear();
    },
  };
}
