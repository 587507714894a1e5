// Holds a live event stream open in a test and tells when the server ends it.
import { expect } from 'vitest';

export interface HeldStream {
  /** Resolves with the time (ms) the server ended the stream. */
  ended: Promise<number>;
  /** Whether the stream is still open. */
  open(): boolean;
  cancel(): Promise<void>;
}

export async function holdStream(url: string, headers: Record<string, string>): Promise<HeldStream> {
  const response = await fetch(url, { headers });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let text = '';
  let isOpen = true;
  let ready: () => void = () => undefined;
  const readyOnce = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const ended = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) {
        isOpen = false;
        return Date.now();
      }
      text += decoder.decode(chunk.value, { stream: true });
      if (text.includes('event: ready')) ready();
    }
  })();
  await readyOnce;
  return { ended, open: () => isOpen, cancel: () => reader.cancel().catch(() => undefined) };
}

/** Runs `act` and expects every stream to end within a second of it (waiting at most 3 s). */
export async function expectEndWithinASecond(streams: HeldStream[], act: () => Promise<unknown>) {
  const start = Date.now();
  await act();
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000));
  for (const [index, stream] of streams.entries()) {
    const endedAt = await Promise.race([stream.ended, timeout]);
    expect(endedAt, `stream ${index} was still open 3 s later`).not.toBeNull();
    expect((endedAt as number) - start, `stream ${index}`).toBeLessThan(1000);
  }
}
