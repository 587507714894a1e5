import type { LeaderLock } from '../leader-lock.ts';

/**
 * Runs a job under `lock` that stays inside until released; resolves once it is inside.
 * `finished` is what the held run resolves to after `release()`.
 */
export async function holdLock(lock: LeaderLock): Promise<{ release(): void; finished: Promise<unknown> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered = () => {};
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const finished = lock.run(async () => {
    entered();
    await held;
    return 'held';
  });
  await inside;
  return { release, finished };
}
