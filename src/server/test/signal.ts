/**
 * A promise a test settles by hand: `done` resolves when `fire()` is called. Node 20 has no
 * Promise.withResolvers; tests that hold a job inside a lock build two of these.
 */
export function signal(): { done: Promise<void>; fire(): void } {
  let fire = () => {};
  const done = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { done, fire };
}
