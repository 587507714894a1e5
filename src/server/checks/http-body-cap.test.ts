import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { httpCheckRunner as runner } from './http.ts';
import { MAX_BODY_BYTES } from './http-exchange.ts';
import { startTarget, type Target, testContext } from './test/targets.ts';

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

let target: Target | undefined;
afterEach(async () => {
  await target?.close();
  target = undefined;
});

/**
 * Streams up to 1 GiB, respecting backpressure, and counts the bytes the socket accepted until
 * the client went away: what the runner could possibly have received.
 */
function streamGibibyte(res: ServerResponse, written: (bytes: number) => void) {
  let sent = 0;
  let closed = false;
  res.on('close', () => {
    closed = true;
    written(sent);
  });
  res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(GIB) });
  const pump = () => {
    while (!closed && sent < GIB) {
      sent += CHUNK.length;
      if (!res.write(CHUNK)) return void res.once('drain', pump);
    }
    if (!closed) res.end();
  };
  pump();
}

describe('httpCheckRunner against a 1 GiB body', () => {
  it('reads 1 MiB, closes the connection and keeps memory flat', async () => {
    let reportWritten: (bytes: number) => void = () => {};
    const targetWritten = new Promise<number>((resolve) => {
      reportWritten = resolve;
    });
    target = await startTarget((_req, res) => streamGibibyte(res, reportWritten));

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 5);
    const result = await runner.run(
      { url: target.origin, keyword: { mode: 'contains', value: 'b' } },
      testContext(),
    );
    const written = await targetWritten;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);

    expect(result).toMatchObject({ statusCode: 200, responseBytes: MAX_BODY_BYTES, bodyTruncated: true });
    expect(result.failure).toEqual({
      code: 'keyword_missing',
      message: 'The response does not contain "b" in its first 1 MiB.',
    });
    // What the target managed to write: the MiB read plus what sat in socket buffers when it closed.
    expect(written).toBeGreaterThanOrEqual(MIB);
    // Measured here: 3.75 MiB written, RSS +10-13 MiB.
    expect(written).toBeLessThan(16 * MIB);
    expect(rssPeak - rssBefore).toBeLessThan(64 * MIB);
  });
});
