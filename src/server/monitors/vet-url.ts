import { ApiError } from '../platform/http/errors.ts';
import { DnsLookupError, PrivateTargetError } from '../platform/net/target-errors.ts';
import type { TargetGuard } from '../platform/net/target-guard.ts';

/** Save-time SSRF checks: a URL (monitors, channels, sites) or a bare host (TCP, ping, a resolver). */
export interface TargetVetter {
  url(url: string): Promise<void>;
  host(host: string): Promise<void>;
}

/**
 * A private target is refused with 422. A name that does not resolve yet is allowed (a site
 * about to launch); its checks report dns_failed, and every check vets the address again anyway.
 */
export function createTargetVetter(guard: TargetGuard): TargetVetter {
  async function refusePrivate(vet: () => Promise<unknown>): Promise<void> {
    try {
      await vet();
    } catch (err) {
      if (err instanceof PrivateTargetError) throw new ApiError(422, 'private_target', err.message);
      if (err instanceof DnsLookupError) return;
      throw err;
    }
  }
  return {
    url: (url) => refusePrivate(() => guard.vetUrl(url)),
    host: (host) => refusePrivate(() => guard.vetHost(host, 0)),
  };
}
