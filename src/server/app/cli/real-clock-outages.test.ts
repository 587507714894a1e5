// Two outages within one flap window on the real clock, as a user saw it: `upwatch start` in
// test mode (a monitor every second, failures confirmed after one), a real target on loopback
// switched down, up, down and up, and a Slack stand-in and the outbox as the two channels. Each
// outage must reach each channel with its own Down and its own Recovered alert.

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startReceiver } from '../../alerts/test/receiver.ts';
import { cookieHeader } from '../../test/http.ts';
import { freePort, type RunningUpwatch, startUpwatch } from '../../test/upwatch-process.ts';

let upwatch: RunningUpwatch | undefined;
let dataDir: string | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await upwatch?.stop();
  for (const close of closers.splice(0)) await close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function startTarget() {
  let healthy = true;
  const server = createServer((_req, res) => {
    res.statusCode = healthy ? 200 : 503;
    res.end(healthy ? 'ok' : 'down');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`,
    set: (next: boolean) => {
      healthy = next;
    },
  };
}

/** Polls (bounded) until `done` holds. */
async function waitFor(what: string, done: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} not within ${ms / 1000} s`);
}

it('two outages in one flap window: two Down and two Recovered alerts on each channel, on the real clock', {
  timeout: 150_000,
}, async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'upwatch-real-clock-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  upwatch = await startUpwatch(
    ['start'],
    {
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      UPWATCH_TEST_MODE: 'true',
      ALLOW_PRIVATE_TARGETS: 'true',
      CONFIRMATION_DELAY_SECONDS: '1',
    },
    port,
  );
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  const cookie = cookieHeader(signUp);
  const api = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${origin}/api/v1${route}`, {
      method,
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return JSON.parse(text);
  };

  const target = await startTarget();
  const slack = await startReceiver();
  closers.push(slack.close);
  const monitor = await api('POST', '/monitors', { name: 'Shop', url: target.url, intervalSeconds: 1 });
  const channel = await api('POST', '/alert-channels', {
    kind: 'slack',
    name: '#ops',
    config: { url: `${slack.url}/hook` },
  });
  // An email channel: with no SMTP set, its mail lands in the outbox.
  const mail = await api('POST', '/alert-channels', {
    kind: 'email',
    name: 'Ops',
    config: { address: 'ops@example.com' },
  });
  await api('PUT', `/monitors/${monitor.id}/alert-channels`, { channelIds: [channel.id, mail.id] });

  const slackTags = (tag: string) =>
    slack.requests.filter((request) => request.body.includes(`[${tag}] Shop`)).length;
  const mailSubjects = async (tag: string) => {
    const { mails } = (await api('GET', '/outbox')) as { mails: { subject: string }[] };
    return mails.filter((entry) => entry.subject.startsWith(`[${tag}] Shop`)).length;
  };
  const statusOf = async () => (await api('GET', `/monitors/${monitor.id}`)).status as string;
  const delivered = (tag: string, count: number) => async () =>
    slackTags(tag) >= count && (await mailSubjects(tag)) >= count;

  await waitFor('first check up', async () => (await statusOf()) === 'up');
  for (const round of [1, 2]) {
    target.set(false);
    await waitFor(`Down alert ${round}`, delivered('Down', round));
    target.set(true);
    await waitFor(`Recovered alert ${round}`, delivered('Recovered', round));
  }
  // Nothing more comes: each channel heard exactly two of each.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect([slackTags('Down'), slackTags('Recovered')]).toEqual([2, 2]);
  expect([await mailSubjects('Down'), await mailSubjects('Recovered')]).toEqual([2, 2]);
  const { incidents } = (await api('GET', '/incidents')) as { incidents: { status: string }[] };
  expect(incidents.map((incident) => incident.status)).toEqual(['resolved']);
});
