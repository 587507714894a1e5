// Why the guard refused a target, as errors that carry the API/check failure code.
import { isIP } from 'node:net';
import type { AddressClass } from './address-policy.ts';
import { describeAddressClass } from './address-policy.ts';

const PUBLIC_ONLY = 'Upwatch only checks public addresses.';

/** The target is (or resolves to) an address Upwatch may not reach: 422 at creation, a failed check later. */
export class PrivateTargetError extends Error {
  readonly code = 'private_target';

  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly addressClass: Exclude<AddressClass, 'public'>,
  ) {
    const what = describeAddressClass(addressClass);
    super(
      // An IP literal (even in another spelling, like ::ffff:7f00:1) is named by its address alone.
      isIP(hostname)
        ? `The address ${address} is ${what}; ${PUBLIC_ONLY}`
        : `${hostname} resolves to ${address}, which is ${what}; ${PUBLIC_ONLY}`,
    );
    this.name = 'PrivateTargetError';
  }
}

export class DnsLookupError extends Error {
  readonly code = 'dns_failed';

  constructor(
    readonly hostname: string,
    options?: { cause?: unknown },
  ) {
    const reason = errorCode(options?.cause);
    super(`Could not resolve ${hostname}${reason ? ` (${reason})` : ''}.`, options);
    this.name = 'DnsLookupError';
  }
}

/** Not an http(s) URL with a host: the API's own validation should have caught it first. */
export class UnsupportedUrlError extends Error {
  readonly code = 'unsupported_url';

  constructor(readonly url: string) {
    super(`Upwatch checks http:// and https:// URLs; "${url}" is not one.`);
    this.name = 'UnsupportedUrlError';
  }
}

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
