// A Server-Sent Events subscription that stays alive on its own: it reconnects with backoff
// (1 s doubling to 16 s, SPEC.md §9) and treats 60 s without any event, pings included, as a
// dead connection. Timers and the transport are injected so tests drive it with a fake clock.
import { createSseParser, type SseMessage } from './sse-parser';

export const BACKOFF_START_MS = 1000;
export const BACKOFF_MAX_MS = 16_000;
export const INACTIVITY_TIMEOUT_MS = 60_000;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ConnectHandlers {
  onMessage(message: SseMessage): void;
  /** The stream ended or failed; never called after `close()`. */
  onClose(): void;
}

export interface Connection {
  close(): void;
}

export type Connect = (handlers: ConnectHandlers) => Connection;

export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'stopped';

export interface EventStreamOptions {
  connect: Connect;
  onMessage(message: SseMessage): void;
  onStateChange?(state: StreamState): void;
  timers?: Timers;
}

/** The wait before reconnect attempt `attempt` (0-based): 1, 2, 4, 8, 16, 16 … seconds. */
export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_START_MS * 2 ** attempt, BACKOFF_MAX_MS);
}

export const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createEventStream(options: EventStreamOptions): { stop(): void } {
  const timers = options.timers ?? browserTimers;
  let attempt = 0;
  let connection: Connection | null = null;
  let watchdog: unknown = null;
  let retry: unknown = null;
  // Callbacks of a connection we already dropped must not touch the current one.
  let generation = 0;
  let stopped = false;

  const setState = (state: StreamState) => options.onStateChange?.(state);

  const drop = () => {
    generation++;
    if (watchdog !== null) timers.clearTimeout(watchdog);
    watchdog = null;
    connection?.close();
    connection = null;
  };

  const reconnectLater = () => {
    drop();
    if (stopped) return;
    setState('reconnecting');
    retry = timers.setTimeout(open, backoffDelay(attempt));
    attempt++;
  };

  const armWatchdog = () => {
    if (watchdog !== null) timers.clearTimeout(watchdog);
    watchdog = timers.setTimeout(reconnectLater, INACTIVITY_TIMEOUT_MS);
  };

  function open() {
    retry = null;
    setState('connecting');
    const mine = ++generation;
    let delivered = false;
    armWatchdog();
    connection = options.connect({
      onMessage(message) {
        if (mine !== generation) return;
        // Data arrived, so the connection works: the next failure starts again at 1 s.
        if (!delivered) setState('open');
        delivered = true;
        attempt = 0;
        armWatchdog();
        options.onMessage(message);
      },
      onClose() {
        if (mine === generation) reconnectLater();
      },
    });
  }

  open();
  return {
    stop() {
      stopped = true;
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
      drop();
      setState('stopped');
    },
  };
}

/** Reads an event stream with `fetch` (session cookie included) and parses it. */
export function fetchConnect(
  url: string,
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
): Connect {
  return ({ onMessage, onClose }) => {
    const controller = new AbortController();
    const read = async () => {
      const response = await fetchImpl(url, {
        credentials: 'include',
        cache: 'no-store',
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        return;
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const push = createSseParser(onMessage);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        push(decoder.decode(value, { stream: true }));
      }
    };
    // A dropped stream is routine (deploys, sleep, proxies); the caller reconnects, so the
    // error itself is not worth reporting.
    read()
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) onClose();
      });
    return { close: () => controller.abort() };
  };
}
