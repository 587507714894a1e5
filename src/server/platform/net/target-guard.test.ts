import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress } from './address-policy.ts';
import { createGuardedAgent } from './guarded-agent.ts';
import { DnsLookupError, PrivateTargetError, UnsupportedUrlError } from './target-errors.ts';
import { createTargetGuard } from './target-guard.ts';
import { loopbackOnlyOpener, tableResolver } from './test/loopback-only.ts';

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((_req, res) => res.end('hello'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const refused = (fn: () => Promise<unknown>) =>
  fn().then(
    () => expect.unreachable('not refused'),
    (err) => err,
  );

describe('createTargetGuard().vetUrl', () => {
  it('refuses a private address literal with a readable private_target error', async () => {
    const guard = createTargetGuard({ allowPrivateTargets: false, openSocket: loopbackOnlyOpener() });
    const err = await refused(() => guard.vetUrl('http://10.0.0.1/'));
    expect(err).toBeInstanceOf(PrivateTargetError);
    expect(err).toMatchObject({
      code: 'private_target',
      message: 'The address 10.0.0.1 is private; Upwatch only checks public addresses.',
    });
  });

  it('refuses a name that resolves to a private address, naming both', async () => {
    const resolve = tableResolver({ 'intranet.test': ['10.1.2.3'] });
    const guard = createTargetGuard({ allowPrivateTargets: false, resolve });
    const err = await refused(() => guard.vetUrl('https://intranet.test/health'));
    expect(err).toMatchObject({
      code: 'private_target',
      message: 'intranet.test resolves to 10.1.2.3, which is private; Upwatch only checks public addresses.',
    });
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const resolve = tableResolver({ 'mixed.test': ['127.0.0.2', '169.254.169.254'] });
    const classify = (address: string) => (address === '127.0.0.2' ? 'public' : classifyAddress(address));
    const guard = createTargetGuard({ allowPrivateTargets: false, resolve, classify });
    const err = await refused(() => guard.vetUrl('http://mixed.test/'));
    expect(err).toMatchObject({
      code: 'private_target',
      address: '169.254.169.254',
      addressClass: 'metadata',
    });
  });

  it.each([
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]/', '127.0.0.1'],
    ['http://[::1]:8080/', '::1'],
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254'],
    ['http://0/', '0.0.0.0'],
  ])('refuses %s as the address %s', async (url, address) => {
    const guard = createTargetGuard({ allowPrivateTargets: false, resolve: tableResolver({}) });
    expect(await refused(() => guard.vetUrl(url))).toMatchObject({ code: 'private_target', address });
  });

  it('vets a public name once and returns the address to connect to', async () => {
    const resolve = tableResolver({ 'public.test': ['127.0.0.2'] });
    const classify = (address: string) => (address === '127.0.0.2' ? 'public' : classifyAddress(address));
    const guard = createTargetGuard({ allowPrivateTargets: false, resolve, classify });
    const target = await guard.vetUrl('https://public.test/path');
    expect(target).toMatchObject({ hostname: 'public.test', address: '127.0.0.2', port: 443 });
    expect(resolve.calls).toEqual(['public.test']);
  });

  it('does not resolve IP literals', async () => {
    const resolve = tableResolver({});
    const guard = createTargetGuard({ allowPrivateTargets: true, resolve });
    await expect(guard.vetUrl('http://127.0.0.1:81/')).resolves.toMatchObject({
      address: '127.0.0.1',
      port: 81,
    });
    expect(resolve.calls).toEqual([]);
  });

  it('allows loopback and private addresses when private targets are allowed, but never cloud metadata', async () => {
    const guard = createTargetGuard({ allowPrivateTargets: true, resolve: tableResolver({}) });
    await expect(guard.vetUrl('http://10.0.0.1/')).resolves.toMatchObject({ address: '10.0.0.1' });
    await expect(guard.vetUrl('http://[::1]/')).resolves.toMatchObject({ address: '::1' });
    expect(await refused(() => guard.vetUrl('http://169.254.169.254/latest/meta-data/'))).toMatchObject({
      code: 'private_target',
      message:
        'The address 169.254.169.254 is a cloud metadata address; Upwatch only checks public addresses.',
    });
  });

  it('reports a name that does not resolve as dns_failed', async () => {
    const guard = createTargetGuard({ allowPrivateTargets: false, resolve: tableResolver({}) });
    const err = await refused(() => guard.vetUrl('http://nowhere.test/'));
    expect(err).toBeInstanceOf(DnsLookupError);
    expect(err).toMatchObject({ code: 'dns_failed', message: 'Could not resolve nowhere.test (ENOTFOUND).' });
  });

  it('reports an empty DNS answer as dns_failed', async () => {
    const guard = createTargetGuard({ allowPrivateTargets: false, resolve: async () => [] });
    expect(await refused(() => guard.vetUrl('http://empty.test/'))).toMatchObject({ code: 'dns_failed' });
  });

  it('gives up resolving when the signal aborts', async () => {
    const guard = createTargetGuard({ allowPrivateTargets: false, resolve: () => new Promise(() => {}) });
    const err = await refused(() => guard.vetUrl('http://slow.test/', AbortSignal.timeout(20)));
    expect(err).toMatchObject({ name: 'TimeoutError' });
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'not a url'])(
    'refuses the non-http URL %s',
    async (url) => {
      const guard = createTargetGuard({ allowPrivateTargets: true });
      expect(await refused(() => guard.vetUrl(url))).toBeInstanceOf(UnsupportedUrlError);
    },
  );
});

describe('createTargetGuard().connect', () => {
  it('connects to the vetted address, not to a fresh lookup of the name', async () => {
    const openSocket = loopbackOnlyOpener();
    const resolve = tableResolver({ 'public.test': ['127.0.0.1'] });
    const guard = createTargetGuard({ allowPrivateTargets: true, resolve, openSocket });
    const target = await guard.vetUrl(`http://public.test:${port}/`);
    const socket = await guard.connect(target, {});
    socket.destroy();
    expect(openSocket.attempts).toEqual(['127.0.0.1']);
    expect(resolve.calls).toEqual(['public.test']);
  });

  it('vets the address again, so a hand-built target cannot slip past', async () => {
    const openSocket = loopbackOnlyOpener();
    const guard = createTargetGuard({ allowPrivateTargets: false, openSocket });
    const target = { url: new URL('http://a.test/'), hostname: 'a.test', address: '10.0.0.1', port: 80 };
    expect(await refused(() => guard.connect(target, {}))).toMatchObject({ code: 'private_target' });
    expect(openSocket.attempts).toEqual([]);
  });
});

describe('createGuardedAgent', () => {
  it('refuses requests to loopback when private targets are off', async () => {
    const openSocket = loopbackOnlyOpener();
    const agent = createGuardedAgent(createTargetGuard({ allowPrivateTargets: false, openSocket }));
    const err = await refused(() => request(`http://127.0.0.1:${port}/`, { dispatcher: agent }));
    expect(err).toMatchObject({ code: 'private_target' });
    expect(openSocket.attempts).toEqual([]);
    await agent.close();
  });

  it('sends requests through the vetted address when allowed', async () => {
    const openSocket = loopbackOnlyOpener();
    const resolve = tableResolver({ 'app.test': ['127.0.0.1'] });
    const agent = createGuardedAgent(createTargetGuard({ allowPrivateTargets: true, resolve, openSocket }));
    const response = await request(`http://app.test:${port}/`, { dispatcher: agent });
    expect(await response.body.text()).toBe('hello');
    expect(openSocket.attempts).toEqual(['127.0.0.1']);
    await agent.close();
  });
});
