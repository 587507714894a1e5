import { signal } from '../../../test/signal.ts';
import type { LeaderLock } from '../leader-lock.ts';

/**
 * Runs a job under `lock` that stays inside until released; resolves once it is inside.
 * `finished` is what the held run resolves to after `release()`.
 */
export async function holdLock(lock: LeaderLock): Promise<{ release(): void; finished: Promise<unknown> }> {
  const held = signal();
  const inside = signal();
  const finished = lock.run(async () => {
    inside.fire();
    await held.done;
    return 'held';
  });
  await inside.done;
  return { release: held.fire, finished };
}
