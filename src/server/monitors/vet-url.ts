import { ApiError } from '../http/errors.ts';
import { DnsLookupError, PrivateTargetError } from '../net/target-errors.ts';
import type { TargetGuard } from '../net/target-guard.ts';

/**
 * Creation-time SSRF check: a private target is refused with 422. A name that does not
 * resolve yet is allowed (a site about to launch); its checks report dns_failed, and every
 * check vets the address again anyway.
 */
export function monitorUrlVetter(guard: TargetGuard): (url: string) => Promise<void> {
  return async (url) => {
    try {
      await guard.vetUrl(url);
    } catch (err) {
      if (err instanceof PrivateTargetError) throw new ApiError(422, 'private_target', err.message);
      if (err instanceof DnsLookupError) return;
      throw err;
    }
  };
}
