// Public ping endpoints of heartbeat monitors, outside /api/v1: no session or key, the secret token
// in the path is the credential. GET, POST and HEAD all count (cron jobs use whatever their tool
// sends). /start opens a run, /fail and a non-zero /{exit status} report a failed one, ?rid= pairs
// a run's start with its end when runs overlap. Bodies are kept up to 10 KB; the rest is cut.
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../platform/http/caller.ts';
import { clientAddress } from '../platform/http/client-ip.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { Ping } from './ping.ts';
import { createPingQueue } from './ping-queue.ts';
import type { PingDeps } from './receive-ping.ts';

export const MAX_PING_BODY_BYTES = 10 * 1024;
const MAX_RID_CHARS = 64;

/** The first 10 KB of the body as text, and whether there was more (the rest is never read). */
export async function readCutBody(request: Request): Promise<{ body: string | null; truncated: boolean }> {
  if (!request.body) return { body: null, truncated: false };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size <= MAX_PING_BODY_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  const truncated = size > MAX_PING_BODY_BYTES;
  if (truncated) await reader.cancel();
  const bytes = Buffer.concat(chunks).subarray(0, MAX_PING_BODY_BYTES);
  // PostgreSQL's text cannot hold U+0000, and one such body failed its whole batch of pings: it
  // is shown as U+FFFD, as the decoder shows bytes that are not UTF-8. A ping is never refused.
  const text = new TextDecoder().decode(bytes).replaceAll('\u0000', '\uFFFD');
  return { body: size === 0 ? null : text, truncated };
}

function pingOf(suffix: string | undefined): Pick<Ping, 'kind' | 'exitStatus'> {
  if (suffix === undefined) return { kind: 'success', exitStatus: null };
  if (suffix === 'start' || suffix === 'fail') return { kind: suffix, exitStatus: null };
  if (/^\d{1,3}$/.test(suffix) && Number(suffix) <= 255) return { kind: 'exit', exitStatus: Number(suffix) };
  throw new ApiError(404, 'not_found', 'Ping /start, /fail or /{exit status 0–255}.');
}

export interface PingRouteOptions extends PingDeps {
  trustProxy: boolean;
}

export function mountPingRoutes(app: Hono<AppEnv>, options: PingRouteOptions): void {
  const receivePing = createPingQueue(options);
  const handle = async (c: Context<AppEnv>) => {
    const rid = c.req.query('rid') ?? null;
    if (rid !== null && (rid.length === 0 || rid.length > MAX_RID_CHARS)) {
      throw new ApiError(400, 'invalid_rid', `rid must be 1 to ${MAX_RID_CHARS} characters.`);
    }
    // GET and HEAD have no body; asking for one still builds a whole web Request (node-server).
    const { body, truncated } =
      c.req.method === 'POST' ? await readCutBody(c.req.raw) : { body: null, truncated: false };
    await receivePing({
      token: c.req.param('token') ?? '',
      ...pingOf(c.req.param('suffix')),
      rid,
      sourceAddress: clientAddress(c, options.trustProxy) ?? null,
      userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
      body,
      bodyTruncated: truncated,
    });
    return c.text('OK', 200);
  };
  app.on(['GET', 'POST', 'HEAD'], '/api/ping/:token', handle);
  app.on(['GET', 'POST', 'HEAD'], '/api/ping/:token/:suffix', handle);
}
