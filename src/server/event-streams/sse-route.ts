// GET /api/v1/events: the signed-in user's live events as Server-Sent Events. Only that user's
// events are written; with ?monitorId= only that monitor's, after an ownership check. A stream
// ends as soon as the access it was opened with stops holding (removal, demotion, a revoked key,
// a sign-out): each access change on the bus makes it check again.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { Kysely } from 'kysely';
import { getOwnedMonitorRow } from '../monitors/repository.ts';
import type { Clock, TimerHandle } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import type { AccessChangeEvent, AppEvent, EventBus } from '../platform/events/bus.ts';
import { type AppEnv, requireUser, requireWorkspace } from '../platform/http/caller.ts';
import { accessStillHolds, type StreamHolder } from './stream-access.ts';

export const HEARTBEAT_MS = 20_000;

/** What the browser sees: the event without the owner's id. */
function payload(event: Exclude<AppEvent, AccessChangeEvent>): string {
  const { workspaceId: _owner, type: _type, ...rest } = event;
  return JSON.stringify(rest);
}

export function mountEventStream(
  api: OpenAPIHono<AppEnv>,
  db: Kysely<Database>,
  clock: Clock,
  bus: EventBus,
): void {
  api.get('/events', async (c) => {
    const workspace = requireWorkspace(c);
    const holder: StreamHolder = {
      userId: requireUser(c).id,
      workspaceId: workspace.id,
      role: workspace.role,
      sessionId: c.var.sessionId,
      apiKeyId: c.var.apiKeyId,
    };
    const monitorId = c.req.query('monitorId');
    if (monitorId !== undefined) await getOwnedMonitorRow(db, workspace.id, monitorId);
    c.header('Cache-Control', 'no-cache, no-transform');
    c.header('X-Accel-Buffering', 'no');

    return streamSSE(c, async (stream) => {
      const queue: { event: string; data: string }[] = [];
      let wake: (() => void) | undefined;
      let ended = false;
      const recheck = async () => {
        // Unsure whether access holds (the database is away): end; the client reconnects.
        const holds = await accessStillHolds(db, clock.now(), holder).catch(() => false);
        if (ended || holds) return;
        ended = true;
        wake?.();
      };
      const unsubscribe = bus.subscribe((event) => {
        if (event.type === 'access.changed') {
          if (event.workspaceId === holder.workspaceId || event.personId === holder.userId) void recheck();
          return;
        }
        if (event.workspaceId !== workspace.id || (monitorId !== undefined && event.monitorId !== monitorId))
          return;
        queue.push({ event: event.type, data: payload(event) });
        wake?.();
      });
      let heartbeat: TimerHandle | undefined;
      const beat = () => {
        queue.push({ event: 'ping', data: '{}' });
        wake?.();
        heartbeat = clock.setTimeout(beat, HEARTBEAT_MS);
      };
      heartbeat = clock.setTimeout(beat, HEARTBEAT_MS);
      stream.onAbort(() => {
        unsubscribe();
        heartbeat?.cancel();
        wake?.();
      });

      await stream.writeSSE({ event: 'ready', data: '{}' });
      // A change between the request's authentication and the subscription above is not missed.
      await recheck();
      while (!stream.aborted && !ended) {
        const message = queue.shift();
        if (!message) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
          continue;
        }
        await stream.writeSSE(message);
      }
      unsubscribe();
      heartbeat?.cancel();
    });
  });
}
