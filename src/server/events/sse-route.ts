// GET /api/v1/events: the signed-in user's live events as Server-Sent Events. Only that user's
// events are written; with ?monitorId= only that monitor's, after an ownership check.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { Kysely } from 'kysely';
import type { Clock, TimerHandle } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { type AppEnv, requireWorkspace } from '../http/session.ts';
import { getOwnedMonitorRow } from '../monitors/repository.ts';
import type { AppEvent, EventBus } from './bus.ts';

export const HEARTBEAT_MS = 20_000;

/** What the browser sees: the event without the owner's id. */
function payload(event: AppEvent): string {
  const { userId: _owner, type: _type, ...rest } = event;
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
    const monitorId = c.req.query('monitorId');
    if (monitorId !== undefined) await getOwnedMonitorRow(db, workspace.id, monitorId);
    c.header('Cache-Control', 'no-cache, no-transform');
    c.header('X-Accel-Buffering', 'no');

    return streamSSE(c, async (stream) => {
      const queue: { event: string; data: string }[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = bus.subscribe((event) => {
        // An event's userId is its owner: the workspace the monitor belongs to.
        if (event.userId !== workspace.id || (monitorId !== undefined && event.monitorId !== monitorId))
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
      while (!stream.aborted) {
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
    });
  });
}
