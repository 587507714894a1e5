// Waiting for something that cannot itself be cancelled, until a signal says to stop waiting.

/** `promise`, or a rejection with the signal's reason as soon as it aborts (at once if it already has). */
export function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    // Followed even when given up on, so its late rejection is never an unhandled one.
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    if (signal.aborted) onAbort();
  });
}
