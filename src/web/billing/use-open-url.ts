import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The in-app path of a server-given URL, or null when it leaves the app. The server builds its
 * URLs from PUBLIC_URL, so `localhost` and `127.0.0.1` spellings of this origin count as ours
 * (both are trusted origins); a full page load there would drop the session cookie.
 */
export function inAppPath(url: string, here: URL): string | null {
  const target = new URL(url, here);
  const sameOrigin =
    target.origin === here.origin ||
    (LOOPBACK.has(target.hostname) && LOOPBACK.has(here.hostname) && target.port === here.port);
  return sameOrigin ? `${target.pathname}${target.search}${target.hash}` : null;
}

/** Follows a redirect URL from the billing API: in the router when it is ours, else a page load. */
export function useOpenUrl() {
  const router = useRouter();
  return useCallback(
    async (url: string) => {
      const path = inAppPath(url, new URL(window.location.href));
      if (path === null) window.location.assign(url);
      else await router.navigate({ href: path });
    },
    [router],
  );
}
