// Several workers run the escalation job at once: every step of every incident fires exactly
// once, with exactly one alert per channel. On PostgreSQL each worker has its own connections and
// they run in parallel; SQLite has one process and one connection (`upwatch start`), whose
// transactions the workers take in turn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlertApp, createAlertApp } from '../alerts/test/alert-app.ts';
import type { DatabaseHandle } from '../platform/db/connect.ts';
import { createLogger } from '../platform/logger.ts';
import type { TestUser } from '../test/factories.ts';
import { insertAutomaticIncident } from '../test/incident-rows.ts';
import { escalateDue } from './escalation-job.ts';

const MINUTE = 60_000;
const INCIDENTS = 6;
const WORKERS = 3;
let app: AlertApp;
let owner: TestUser;
let handles: DatabaseHandle[];

beforeAll(async () => {
  app = await createAlertApp();
  owner = await app.user('pro');
  handles = Array.from({ length: WORKERS }, () =>
    app.database.dialect === 'postgres'
      ? app.database.reconnect()
      : { ...app.database, destroy: async () => {} },
  );
});
afterAll(async () => {
  for (const handle of handles) await handle.destroy();
  await app.close();
});

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await app.send(owner, 'POST', path, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as T;
}

describe('the escalation job on several workers', () => {
  it('fires each step of each incident once, whatever the number of workers racing', async () => {
    const channel = (name: string) =>
      post<{ id: string }>('/alert-channels', {
        kind: 'email',
        name,
        config: { address: `${name}@example.com` },
      });
    const [first, second, third] = [await channel('first'), await channel('second'), await channel('third')];
    const policy = await post<{ id: string }>('/escalation-policies', {
      name: 'Race',
      steps: [
        { channelIds: [first.id], waitMinutes: 5 },
        { channelIds: [second.id, third.id], waitMinutes: 5 },
      ],
      repeatEveryMinutes: 10,
    });
    const now = app.clock.now();
    const incidents = [];
    for (let i = 0; i < INCIDENTS; i++) {
      const monitor = await post<{ id: string }>('/monitors', {
        name: `Shop ${i}`,
        url: `https://shop${i}.example.com`,
      });
      incidents.push(
        await insertAutomaticIncident(app.db, owner.id, monitor.id, now - 2 * MINUTE, {
          created_at: now - MINUTE,
          escalation_policy_id: policy.id,
          escalation_round: 1,
          next_escalation_at: now,
        }),
      );
    }
    const logger = createLogger('silent');
    const race = async () => {
      const results = await Promise.all(
        handles.map((handle) =>
          escalateDue(
            { db: handle.db, clock: app.clock, logger, entitlements: app.entitlements },
            app.clock.now(),
          ),
        ),
      );
      return results.reduce((sum, result) => sum + result.fired, 0);
    };

    // Round 2 (step 2, two channels), then rounds 3 and 4 (the last step repeated).
    expect(await race()).toBe(INCIDENTS);
    app.clock.advance(10 * MINUTE);
    expect(await race()).toBe(INCIDENTS);
    app.clock.advance(10 * MINUTE);
    expect(await race()).toBe(INCIDENTS);
    expect(await race()).toBe(0);

    const deliveries = await app.db
      .selectFrom('alert_deliveries')
      .select(['incident_id', 'channel_id'])
      .where('kind', '=', 'incident.escalated')
      .execute();
    expect(deliveries).toHaveLength(INCIDENTS * 3 * 2);
    for (const incident of incidents) {
      const mine = deliveries.filter((delivery) => delivery.incident_id === incident.id);
      expect(mine.filter((delivery) => delivery.channel_id === second.id)).toHaveLength(3);
      expect(mine.filter((delivery) => delivery.channel_id === third.id)).toHaveLength(3);
    }
    const rows = await app.db
      .selectFrom('incidents')
      .select(['escalation_round', 'next_escalation_at'])
      .execute();
    expect(rows.map((row) => row.escalation_round)).toEqual(Array(INCIDENTS).fill(4));
    expect(rows.map((row) => row.next_escalation_at)).toEqual(
      Array(INCIDENTS).fill(app.clock.now() + 10 * MINUTE),
    );
    const escalatedEntries = await app.db
      .selectFrom('incident_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'escalated')
      .executeTakeFirstOrThrow();
    expect(Number(escalatedEntries.n)).toBe(INCIDENTS * 3);
  });
});
