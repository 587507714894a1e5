// HOST: the address `upwatch start` listens on. Unset, every interface, as before; set, only that
// one. The whole of 127.0.0.0/8 is this machine, so 127.0.0.2 tells the two apart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort, runUpwatch, startUpwatch } from '../../test/upwatch-process.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'upwatch-host-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const answers = (host: string, port: number) =>
  fetch(`http://${host}:${port}/api/v1/public-config`).then(
    (response) => response.status,
    (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
  );

/** The address the "Upwatch is listening" log line names. */
function listeningAddress(stdout: string): string | undefined {
  const line = stdout.split('\n').find((l) => l.includes('"Upwatch is listening"'));
  return line ? (JSON.parse(line) as { address?: string }).address : undefined;
}

describe('upwatch start and HOST', () => {
  it('listens on 127.0.0.1 alone with HOST=127.0.0.1', { timeout: 40_000 }, async () => {
    const port = await freePort();
    const running = await startUpwatch(
      ['start'],
      { DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      port,
    );
    const onOwnAddress = await answers('127.0.0.1', port);
    const onAnother = await answers('127.0.0.2', port);
    const { stdout } = await running.stop();
    expect(onOwnAddress).toBe(200);
    expect(onAnother).toBe('ECONNREFUSED');
    expect(listeningAddress(stdout)).toBe('127.0.0.1');
  });

  it('listens on every interface without HOST, as before', { timeout: 40_000 }, async () => {
    const port = await freePort();
    const running = await startUpwatch(['start'], { DATA_DIR: dataDir, LOG_LEVEL: 'info' }, port);
    const onAnother = await answers('127.0.0.2', port);
    const { stdout } = await running.stop();
    expect(onAnother).toBe(200);
    expect(listeningAddress(stdout)).toBe('::');
  });

  it('refuses a HOST that is not an address of this machine, naming HOST', async () => {
    const { code, stderr } = await runUpwatch(['start'], {
      DATA_DIR: dataDir,
      HOST: '192.0.2.7',
      PORT: String(await freePort()),
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^upwatch: Invalid HOST: listen EADDRNOTAVAIL/);
  });

  it('refuses a HOST that is not an address or a host name, in one line naming it', async () => {
    const { code, stderr } = await runUpwatch(['start'], { DATA_DIR: dataDir, HOST: 'every interface' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'upwatch: Invalid HOST: must be an IP address or host name of this machine, e.g. 127.0.0.1, :: or localhost (got "every interface")',
    );
  });
});
