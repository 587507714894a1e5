// The SSRF guard: every outbound request Upwatch makes to a user-supplied URL goes through here.
// A name is resolved once, every address it resolves to is vetted, and the connection goes to the
// vetted address itself, so a second lookup (DNS rebinding) can never pick another one.
import { lookup } from 'node:dns/promises';
import type { Socket } from 'node:net';
import { isIP } from 'node:net';
import { abortable } from './abortable.ts';
import type { AddressClass } from './address-policy.ts';
import { canonicalAddress, classifyAddress } from './address-policy.ts';
import type { ConnectOptions, SocketOpener } from './guarded-connect.ts';
import { connectToAddress, openTcpSocket } from './guarded-connect.ts';
import { DnsLookupError, PrivateTargetError, UnsupportedUrlError } from './target-errors.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const results = await lookup(hostname, { all: true, order: 'verbatim' });
  return results.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** A URL whose host has been resolved and vetted; connect only to `address`. */
export interface VettedTarget {
  url: URL;
  /** The host as written in the URL (no IPv6 brackets): used for SNI, Host and messages. */
  hostname: string;
  address: string;
  port: number;
}

export interface TargetGuardOptions {
  /** ALLOW_PRIVATE_TARGETS: self-hosters may check their own network. Cloud metadata stays refused. */
  allowPrivateTargets: boolean;
  resolve?: Resolver;
  classify?: (address: string) => AddressClass;
  /** Opens the TCP socket to a vetted address (tests inject one that refuses non-loopback addresses). */
  openSocket?: SocketOpener;
  /** Extra trusted roots, added to Node's bundled ones. */
  ca?: readonly string[];
  /** SOURCE_ADDRESS: every connection leaves from this local address (a worker's egress). */
  localAddress?: string;
}

export interface TargetGuard {
  readonly allowPrivateTargets: boolean;
  /** The extra trusted roots (EXTRA_CA_FILE) connections trust besides Node's bundled ones. */
  readonly extraCa: readonly string[];
  /** The local address connections leave from, for checks that open their own (DNS, ping). */
  readonly localAddress: string | undefined;
  /** Resolves and vets a URL's host; throws PrivateTargetError, DnsLookupError or UnsupportedUrlError. */
  vetUrl(url: string | URL, signal?: AbortSignal): Promise<VettedTarget>;
  /** The same for a bare host and port (TCP, ping, a DNS resolver); the target's URL is tcp://host:port. */
  vetHost(hostname: string, port: number, signal?: AbortSignal): Promise<VettedTarget>;
  /** Opens a (TLS for https) connection to a vetted target's address, vetting it once more. */
  connect(target: VettedTarget, options: Omit<ConnectOptions, 'openSocket' | 'ca'>): Promise<Socket>;
}

const ALWAYS_REFUSED: ReadonlySet<AddressClass> = new Set(['metadata', 'invalid']);

export function createTargetGuard(options: TargetGuardOptions): TargetGuard {
  const {
    allowPrivateTargets,
    resolve = systemResolver,
    classify = classifyAddress,
    openSocket: openWith = openTcpSocket,
    ca,
    localAddress,
  } = options;
  const openSocket: SocketOpener = localAddress
    ? (socket) => openWith({ ...socket, localAddress })
    : openWith;

  function assertAllowed(hostname: string, address: string): void {
    const kind = classify(address);
    if (kind === 'public') return;
    if (allowPrivateTargets && !ALWAYS_REFUSED.has(kind)) return;
    throw new PrivateTargetError(hostname, address, kind);
  }

  async function addressesOf(hostname: string, signal?: AbortSignal): Promise<string[]> {
    if (isIP(hostname)) return [hostname];
    let resolved: readonly ResolvedAddress[];
    try {
      resolved = await abortable(resolve(hostname), signal);
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      throw new DnsLookupError(hostname, { cause: err });
    }
    if (resolved.length === 0) throw new DnsLookupError(hostname);
    return resolved.map((entry) => entry.address);
  }

  return {
    allowPrivateTargets,
    extraCa: ca ?? [],
    localAddress,

    async vetUrl(input, signal) {
      const url = parseHttpUrl(input);
      const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
      const addresses = (await addressesOf(hostname, signal)).map(canonicalAddress);
      // Every answer is vetted, not just the first: a mixed answer is how rebinding attacks start.
      for (const address of addresses) assertAllowed(hostname, address);
      const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
      return { url, hostname, address: addresses[0] ?? '', port };
    },

    async vetHost(host, port, signal) {
      const hostname = host.replace(/^\[(.*)\]$/, '$1');
      const addresses = (await addressesOf(hostname, signal)).map(canonicalAddress);
      for (const address of addresses) assertAllowed(hostname, address);
      const url = new URL(`tcp://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`);
      return { url, hostname, address: addresses[0] ?? '', port };
    },

    async connect(target, connectOptions) {
      assertAllowed(target.hostname, target.address);
      return await connectToAddress(target, { ...connectOptions, openSocket, ca });
    },
  };
}

function parseHttpUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new UnsupportedUrlError(String(input));
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new UnsupportedUrlError(url.href);
  }
  return url;
}
