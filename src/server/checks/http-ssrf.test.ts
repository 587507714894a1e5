import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress } from '../platform/net/address-policy.ts';
import { tableResolver } from '../platform/net/test/loopback-only.ts';
import { httpCheckRunner as runner } from './http.ts';
import { startTarget, type Target, testContext } from './test/targets.ts';

// Every socket goes through a connector that throws on any non-loopback address, so even a broken
// guard can never reach a real private or metadata address.
let v4: Target;
let v6: Target;
let publicSite: Target;
const hits = { v4: 0, v6: 0 };

beforeAll(async () => {
  v4 = await startTarget((_req, res) => {
    hits.v4 += 1;
    res.end('loopback v4');
  });
  v6 = await startTarget(
    (_req, res) => {
      hits.v6 += 1;
      res.end('loopback v6');
    },
    { host: '::1' },
  );
  // Linux routes all of 127/8 to loopback; the tests treat 127.0.0.2 as a "public" address.
  publicSite = await startTarget(
    (_req, res) => res.writeHead(302, { location: `${v4.origin}/inside` }).end(),
    {
      host: '127.0.0.2',
    },
  );
});

afterAll(async () => {
  await Promise.all([v4, v6, publicSite].map((target) => target.close()));
});

function context(allowPrivateTargets: boolean) {
  return testContext({
    allowPrivateTargets,
    resolve: tableResolver({ 'public.test': ['127.0.0.2'] }),
    classify: (address) => (address === '127.0.0.2' ? 'public' : classifyAddress(address)),
  });
}

type Case = readonly [label: string, url: () => string];
const LOOPBACK: Case[] = [
  ['127.0.0.1', () => `http://127.0.0.1:${v4.port}/`],
  ['[::1]', () => `http://[::1]:${v6.port}/`],
  ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${v4.port}/`],
  ['0x7f000001', () => `http://0x7f000001:${v4.port}/`],
  ['2130706433', () => `http://2130706433:${v4.port}/`],
  ['0177.0.0.1', () => `http://0177.0.0.1:${v4.port}/`],
];
const INSIDE: Case[] = [
  ['10.0.0.1', () => `http://10.0.0.1:${v4.port}/`],
  ['100.64.0.1', () => `http://100.64.0.1:${v4.port}/`],
];
const METADATA: Case = ['169.254.169.254', () => `http://169.254.169.254:${v4.port}/latest/meta-data/`];
const redirectingUrl = () => `http://public.test:${publicSite.port}/`;

describe('the SSRF matrix with private targets off', () => {
  it.each([...LOOPBACK, ...INSIDE, METADATA])(
    'refuses %s with private_target before connecting',
    async (_label, url) => {
      const before = { ...hits };
      const ctx = context(false);
      const result = await runner.run({ url: url() }, ctx);
      expect(result.failure?.code).toBe('private_target');
      expect(result.failure?.message).toMatch(/^The address .+; Upwatch only checks public addresses\.$/);
      expect(ctx.attempts).toEqual([]);
      expect(hits).toEqual(before);
    },
  );

  it('refuses a public name whose redirect points at loopback, on the redirect hop', async () => {
    const before = hits.v4;
    const ctx = context(false);
    const result = await runner.run({ url: redirectingUrl() }, ctx);
    expect(result.failure).toEqual({
      code: 'private_target',
      message: 'The address 127.0.0.1 is a loopback address; Upwatch only checks public addresses.',
    });
    expect(result).toMatchObject({ redirects: 1, finalUrl: `${v4.origin}/inside` });
    expect(ctx.attempts).toEqual(['127.0.0.2']);
    expect(hits.v4).toBe(before);
  });
});

describe('the SSRF matrix with private targets on', () => {
  it.each(LOOPBACK)('reaches the local target through %s', async (_label, url) => {
    const before = hits.v4 + hits.v6;
    const ctx = context(true);
    const result = await runner.run({ url: url() }, ctx);
    expect(result).toMatchObject({ status: 'up', statusCode: 200 });
    expect(hits.v4 + hits.v6).toBe(before + 1);
    expect(ctx.attempts).toHaveLength(1);
  });

  it('follows the public name to loopback', async () => {
    const before = hits.v4;
    const result = await runner.run({ url: redirectingUrl() }, context(true));
    expect(result).toMatchObject({ status: 'up', statusCode: 200, redirects: 1 });
    expect(hits.v4).toBe(before + 1);
  });

  it.each(INSIDE)(
    'lets the guard pass %s, which only the throwing test connector stops',
    async (label, url) => {
      const ctx = context(true);
      const result = await runner.run({ url: url() }, ctx);
      expect(result.failure?.code).toBe('connection_refused');
      expect(ctx.attempts).toEqual([label]);
    },
  );

  it('still refuses the cloud metadata address', async () => {
    const ctx = context(true);
    const result = await runner.run({ url: METADATA[1]() }, ctx);
    expect(result.failure?.code).toBe('private_target');
    expect(ctx.attempts).toEqual([]);
  });
});
