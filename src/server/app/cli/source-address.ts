// SOURCE_ADDRESS / --source-address must be an address of this machine: checks leave from it,
// and one it does not have would fail every check with EADDRNOTAVAIL instead of stopping the start.
import { createServer } from 'node:net';

export class LocalAddressError extends Error {
  override name = 'LocalAddressError';
}

/** Binds a throwaway socket to the address: the kernel's own answer to "is it ours?". */
export function refuseForeignAddress(address: string, setting: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        new LocalAddressError(
          `Invalid ${setting}: ${address} is not an address of this machine (${err.code ?? err.message}); checks could not leave from it.`,
        ),
      );
    });
    probe.listen({ host: address, port: 0, exclusive: true }, () => probe.close(() => resolve()));
  });
}
