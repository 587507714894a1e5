import { describe, expect, it } from 'vitest';
import { canonicalAddress, classifyAddress, embeddedIpv4 } from './address-policy.ts';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['169.254.1.1', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['192.0.0.192', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['11.0.0.1', 'public'],
  ])('IPv4 %s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456::1', 'unique_local'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf::1', 'link_local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['::1.2.3.4', 'reserved'],
    ['64:ff9b:1::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001::200e', 'public'],
  ])('IPv6 %s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:a00:1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::FFFF:A9FE:A9FE', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['2002:808:808::1', 'public'],
  ])('IPv6 %s embedding an IPv4 address is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(['localhost', '', '1.2.3', '999.1.1.1', '::g', 'example.com'])('"%s" is invalid', (text) => {
    expect(classifyAddress(text)).toBe('invalid');
  });

  it.each([
    ['0x7f000001', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['0xa.0.0.1', '10.0.0.1'],
    ['0xa9fea9fe', '169.254.169.254'],
    ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]'],
  ])('numeric host %s reaches the classifier as %s, the form the URL parser gives', (host, normal) => {
    const hostname = new URL(`http://${host}/`).hostname;
    expect(hostname).toBe(normal);
    expect(classifyAddress(hostname.replace(/^\[(.*)\]$/, '$1'))).not.toBe('public');
  });
});

describe('embeddedIpv4 and canonicalAddress', () => {
  it('finds the IPv4 address inside mapped, NAT64 and 6to4 forms', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('64:ff9b::a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('2002:c0a8:101::')).toBe('192.168.1.1');
    expect(embeddedIpv4('2606:4700::1')).toBeUndefined();
  });

  it('turns only IPv4-mapped addresses into IPv4', () => {
    expect(canonicalAddress('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(canonicalAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(canonicalAddress('64:ff9b::a00:1')).toBe('64:ff9b::a00:1');
    expect(canonicalAddress('::1')).toBe('::1');
    expect(canonicalAddress('10.0.0.1')).toBe('10.0.0.1');
  });
});
