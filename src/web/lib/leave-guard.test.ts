import { describe, expect, it } from 'vitest';
import { installLeaveGuard } from './leave-guard';
import { createQueryClient } from './query-client';

function unload(target: EventTarget) {
  const event = new Event('beforeunload', { cancelable: true }) as Event & { returnValue: unknown };
  target.dispatchEvent(event);
  return event;
}

describe('leave guard', () => {
  it('asks before leaving while a write is in flight', async () => {
    const queryClient = createQueryClient();
    const target = new EventTarget() as unknown as Window;
    installLeaveGuard(queryClient, target);

    let finish: () => void = () => {};
    const saved = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn: () => saved });
    const running = mutation.execute(undefined);

    const event = unload(target);
    expect(event.defaultPrevented).toBe(true);
    expect(event.returnValue).toBe('Are you sure you want to leave? Your changes may not be saved.');

    finish();
    await running;
    expect(unload(target).defaultPrevented).toBe(false);
  });

  it('lets the page go when nothing is being saved', () => {
    const queryClient = createQueryClient();
    const target = new EventTarget() as unknown as Window;
    installLeaveGuard(queryClient, target);

    expect(unload(target).defaultPrevented).toBe(false);
  });

  it('stops asking once uninstalled', () => {
    const queryClient = createQueryClient();
    const target = new EventTarget() as unknown as Window;
    const uninstall = installLeaveGuard(queryClient, target);
    queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => new Promise<void>(() => {}) })
      .execute(undefined);

    uninstall();
    expect(unload(target).defaultPrevented).toBe(false);
  });
});
