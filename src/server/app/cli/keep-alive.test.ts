// A client that pools connections (a cron host's heartbeat pinger, a load balancer) reuses an idle
// one later. With Node's 5 s keep-alive default the server closed it first and busy clients hit
// ECONNRESET on reuse; `upwatch start` keeps idle connections 65 s, and tells clients so.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort, startUpwatch } from '../../test/upwatch-process.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'upwatch-keep-alive-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

interface Answer {
  status: number;
  keepAlive: string;
  reusedSocket: boolean;
}

function get(url: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          keepAlive: String(response.headers['keep-alive']),
          reusedSocket: request.reusedSocket,
        }),
      );
    });
    request.on('error', reject);
  });
}

describe('upwatch start and pooled keep-alive clients', () => {
  it('keeps an idle connection past 5 s for a pooled client to reuse', { timeout: 40_000 }, async () => {
    const port = await freePort();
    const running = await startUpwatch(['start'], { DATA_DIR: dataDir }, port);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const url = `${running.url}/api/v1/public-config`;
      const first = await get(url, agent);
      await new Promise((resolve) => setTimeout(resolve, 6000));
      const second = await get(url, agent);
      expect(first).toEqual({ status: 200, keepAlive: 'timeout=65', reusedSocket: false });
      expect(second).toEqual({ status: 200, keepAlive: 'timeout=65', reusedSocket: true });
    } finally {
      agent.destroy();
      await running.stop();
    }
  });
});
