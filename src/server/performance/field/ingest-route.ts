// POST /rum/{key}: a visitor's page reports its page view (issue 42, item 2). The body is text
// (a CORS-safelisted type, so no preflight) holding JSON, at most 4 KB. What is refused gets a
// quiet 4xx with a short code and stores nothing; the visitor's page never waits for or reads
// the answer. What is checked, and in which order, is the intake's (intake.ts). `upwatch start`
// answers beacons before Hono (beacon-listener.ts); this route serves every other way the app
// is run (tests, embedding) with the same intake.
import type { Hono } from 'hono';
import type { AppEnv } from '../../platform/http/caller.ts';
import { clientAddress } from '../../platform/http/client-ip.ts';
import { MAX_BEACON_BYTES } from './beacon.ts';
import type { BeaconIntake } from './intake.ts';

/** The body's text, or null when it runs past the limit (the rest is never read). */
async function readBody(request: Request): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BEACON_BYTES) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BEACON_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function mountRumIngest(app: Hono<AppEnv>, deps: { intake: BeaconIntake; trustProxy: boolean }): void {
  app.post('/rum/:key', async (c) => {
    const answer = deps.intake.admitsAddress(clientAddress(c, deps.trustProxy))
      ? await deps.intake.take({
          key: c.req.param('key'),
          body: await readBody(c.req.raw),
          origin: c.req.header('origin'),
          userAgent: c.req.header('user-agent'),
        })
      : ({ status: 429, code: 'rate_limited' } as const);
    if (answer.status === 204) return c.body(null, 204);
    return c.text(answer.code, answer.status, { 'cache-control': 'no-store' });
  });
}
