import { describe, expect, it, vi } from 'vitest';
import { installPreloadErrorReload, PRELOAD_RELOAD_WINDOW_MS } from './preload-error';

/** What Vite's preload helper does: dispatch the event, throw unless a listener prevented it. */
function failChunkLikeVite(target: EventTarget, error: Error) {
  const event = new Event('vite:preloadError', { cancelable: true }) as Event & { payload: Error };
  event.payload = error;
  target.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
}

function setup(now = () => 1_000_000) {
  const target = new EventTarget() as unknown as Window;
  const reload = vi.fn();
  const uninstall = installPreloadErrorReload({ target, storage: window.sessionStorage, reload, now });
  return { target, reload, uninstall };
}

describe('vite:preloadError handling', () => {
  it('reloads the page once, then lets the second failure surface', () => {
    const { target, reload } = setup();
    const error = new Error('Failed to fetch dynamically imported module');

    expect(() => failChunkLikeVite(target, error)).not.toThrow();
    expect(reload).toHaveBeenCalledOnce();

    expect(() => failChunkLikeVite(target, error)).toThrow(error);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('survives the reload: the reload marker lives in session storage', () => {
    const first = setup();
    failChunkLikeVite(first.target, new Error('chunk'));
    first.uninstall();

    // A fresh page after the reload installs the handler again.
    const second = setup();
    expect(() => failChunkLikeVite(second.target, new Error('chunk'))).toThrow('chunk');
    expect(second.reload).not.toHaveBeenCalled();
  });

  it('reloads again for a failure long after the last reload (a later deploy)', () => {
    let clock = 1_000_000;
    const { target, reload } = setup(() => clock);
    failChunkLikeVite(target, new Error('chunk'));
    clock += PRELOAD_RELOAD_WINDOW_MS + 1;

    expect(() => failChunkLikeVite(target, new Error('chunk'))).not.toThrow();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
