// After a deploy, an open tab asks for route chunks that no longer exist. Vite then fires
// `vite:preloadError`; reloading once fetches the new build. If that reload already happened,
// the error is left to surface (Vite re-throws it when the event is not prevented), so a
// genuinely broken build shows the error page instead of reloading forever.

export const PRELOAD_RELOAD_KEY = 'upwatch:preload-reload-at';
/** A second failure within this window after our reload means reloading did not help. */
export const PRELOAD_RELOAD_WINDOW_MS = 60_000;

export interface PreloadErrorDeps {
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now?: () => number;
}

export function installPreloadErrorReload(deps: PreloadErrorDeps): () => void {
  const now = deps.now ?? Date.now;
  const onPreloadError = (event: Event) => {
    const last = Number(deps.storage.getItem(PRELOAD_RELOAD_KEY) ?? Number.NaN);
    if (Number.isFinite(last) && now() - last < PRELOAD_RELOAD_WINDOW_MS) return;
    deps.storage.setItem(PRELOAD_RELOAD_KEY, String(now()));
    event.preventDefault();
    deps.reload();
  };
  deps.target.addEventListener('vite:preloadError', onPreloadError);
  return () => deps.target.removeEventListener('vite:preloadError', onPreloadError);
}
