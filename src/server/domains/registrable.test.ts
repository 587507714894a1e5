import { describe, expect, it } from 'vitest';
import { registrableDomain } from './registrable.ts';

describe('registrableDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['www.shop.example.com', 'example.com'],
    ['api.example.co.uk', 'example.co.uk'],
    ['WWW.Example.COM', 'example.com'],
    ['example.com.', 'example.com'],
    ['someone.blogspot.com', 'blogspot.com'],
  ])('%s belongs to %s', (host, domain) => {
    expect(registrableDomain(host)).toBe(domain);
  });

  it.each([
    '127.0.0.1',
    '93.184.215.14',
    '[2606:4700::1111]',
    '::1',
    'localhost',
    'intranet.unknowntld',
    'co.uk',
    '',
  ])('%s has none (an IP address, an unknown suffix or a bare suffix)', (host) => {
    expect(registrableDomain(host)).toBeNull();
  });
});
