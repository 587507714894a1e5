// Which IP addresses a user-supplied URL may reach. Decided on resolved, numeric addresses only:
// names and odd numeric spellings are normalised before they get here (see target-guard.ts).
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'unique_local'
  | 'link_local'
  | 'metadata'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'documentation'
  | 'reserved'
  | 'invalid';

type Rule = readonly [AddressClass, string, number];

// First match wins, so the narrow entries (metadata, broadcast, unspecified) precede their ranges.
const IPV4_RULES: readonly Rule[] = [
  ['metadata', '169.254.169.254', 32], // AWS, GCP, Azure, OpenStack
  ['metadata', '100.100.100.200', 32], // Alibaba Cloud
  ['metadata', '192.0.0.192', 32], // Oracle Cloud
  ['unspecified', '0.0.0.0', 32],
  ['broadcast', '255.255.255.255', 32],
  ['reserved', '0.0.0.0', 8], // "this network"
  ['private', '10.0.0.0', 8],
  ['private', '172.16.0.0', 12],
  ['private', '192.168.0.0', 16],
  ['shared', '100.64.0.0', 10], // carrier-grade NAT
  ['loopback', '127.0.0.0', 8],
  ['link_local', '169.254.0.0', 16],
  ['reserved', '192.0.0.0', 24], // IETF protocol assignments
  ['documentation', '192.0.2.0', 24],
  ['reserved', '192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['reserved', '198.18.0.0', 15], // benchmarking
  ['documentation', '198.51.100.0', 24],
  ['documentation', '203.0.113.0', 24],
  ['multicast', '224.0.0.0', 4],
  ['reserved', '240.0.0.0', 4],
];

const IPV6_RULES: readonly Rule[] = [
  ['unspecified', '::', 128],
  ['loopback', '::1', 128],
  ['metadata', 'fd00:ec2::254', 128], // AWS over IPv6
  ['reserved', '::', 96], // deprecated IPv4-compatible addresses
  ['reserved', '64:ff9b:1::', 48], // local-use NAT64
  ['reserved', '100::', 64], // discard-only
  ['documentation', '2001:db8::', 32],
  ['reserved', '2001::', 23], // IETF protocol assignments, Teredo included
  ['documentation', '3fff::', 20],
  ['unique_local', 'fc00::', 7],
  ['link_local', 'fe80::', 10],
  ['private', 'fec0::', 10], // deprecated site-local
  ['multicast', 'ff00::', 8],
];

function compile(rules: readonly Rule[], family: 'ipv4' | 'ipv6') {
  return rules.map(([kind, network, prefix]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { kind, list };
  });
}

const ipv4Rules = compile(IPV4_RULES, 'ipv4');
const ipv6Rules = compile(IPV6_RULES, 'ipv6');
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

// Every check classifies its target's address, and BlockList lookups allocate; targets repeat,
// so answers are remembered (bounded: the map is simply emptied when it fills).
const MEMO_LIMIT = 10_000;
const memo = new Map<string, AddressClass>();

/** The class of a numeric IPv4 or IPv6 address; IPv6 forms that embed an IPv4 address take its class. */
export function classifyAddress(address: string): AddressClass {
  const known = memo.get(address);
  if (known) return known;
  const kind = classifyUncached(address);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(address, kind);
  return kind;
}

function classifyUncached(address: string): AddressClass {
  const plain = address.replace(/%.*$/, ''); // a zone id only scopes link-local addresses
  if (isIPv4(plain)) return firstMatch(ipv4Rules, plain, 'ipv4') ?? 'public';
  if (!isIPv6(plain)) return 'invalid';
  const embedded = embeddedIpv4(plain);
  if (embedded) return classifyAddress(embedded);
  const kind = firstMatch(ipv6Rules, plain, 'ipv6');
  if (kind) return kind;
  // Only 2000::/3 is allocated for global unicast; anything else cannot be a public website.
  return globalUnicast.check(plain, 'ipv6') ? 'public' : 'reserved';
}

function firstMatch(rules: ReturnType<typeof compile>, address: string, family: 'ipv4' | 'ipv6') {
  return rules.find((rule) => rule.list.check(address, family))?.kind;
}

/**
 * The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) or 6to4
 * (2002:aabb:ccdd::) address: traffic to those ends up at the IPv4 address, so it decides.
 */
export function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (!g) return undefined;
  const zero = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zero(0, 5) && g[5] === 0xffff) return ipv4Of(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return ipv4Of(g[6], g[7]);
  if (g[0] === 0x2002) return ipv4Of(g[1], g[2]);
  return undefined;
}

/** Connect to the IPv4 address itself when given an IPv4-mapped IPv6 one (the same host). */
export function canonicalAddress(address: string): string {
  const g = isIPv6(address) ? ipv6Groups(address) : undefined;
  const mapped = g?.slice(0, 5).every((group) => group === 0) && g[5] === 0xffff;
  return g && mapped ? ipv4Of(g[6], g[7]) : address;
}

function ipv4Of(high: number | undefined, low: number | undefined): string {
  const h = high ?? 0;
  const l = low ?? 0;
  return [h >> 8, h & 0xff, l >> 8, l & 0xff].join('.');
}

/** The eight 16-bit groups of a valid IPv6 address (with or without a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : undefined;
}

const DESCRIPTIONS: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'private',
  shared: 'a carrier-grade NAT (shared) address',
  unique_local: 'a private (unique local) address',
  link_local: 'a link-local address',
  metadata: 'a cloud metadata address',
  multicast: 'a multicast address',
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
  documentation: 'reserved for documentation',
  reserved: 'a reserved address',
  invalid: 'not a valid IP address',
};

/** Words for "The address X is …", e.g. "private" or "a loopback address". */
export function describeAddressClass(kind: Exclude<AddressClass, 'public'>): string {
  return DESCRIPTIONS[kind];
}
