// The registrable domain a monitor's host belongs to, from the public suffix list (tldts):
// "www.shop.example.co.uk" → "example.co.uk". Only ICANN suffixes count (RDAP knows registries,
// not private suffixes like blogspot.com's); IP addresses and unknown suffixes have none.
import { parse } from 'tldts';

export function registrableDomain(host: string): string | null {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (bare === '') return null;
  const parsed = parse(bare);
  if (parsed.isIp || parsed.isIcann !== true || !parsed.domain) return null;
  return parsed.domain;
}
