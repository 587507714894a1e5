// Reads a Server-Sent Events response in tests: collects events and waits (bounded) for one.

export interface SseEvent {
  event: string;
  data: unknown;
}

export interface SseReader {
  events: SseEvent[];
  /** Resolves with the first event (seen or future) matching `match`, or rejects after `timeoutMs`. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

export function readSse(response: Response): SseReader {
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    for (;;) {
      const chunk = await reader?.read().catch(() => undefined);
      if (!chunk || chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .find((line) => line.startsWith(`${name}:`))
            ?.slice(name.length + 1)
            .trim();
        events.push({ event: field('event') ?? 'message', data: JSON.parse(field('data') ?? 'null') });
        for (const wake of waiters) wake();
        end = buffer.indexOf('\n\n');
      }
    }
  })();
  return {
    events,
    next(match, timeoutMs = 1000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; saw ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      void reader?.cancel();
    },
  };
}
