// Maintenance on a status page through its life: scheduled, in progress, completed (for a week
// after), each with the public updates the owner posts on it; and the updates' API.
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicStatusJson } from '../status-pages/public-json.ts';
import { createStatusApp, DAY, MINUTE, NOW, type StatusApp } from '../status-pages/test/status-app.ts';
import { runDueTransitions } from './job.ts';

let s: StatusApp;
afterEach(async () => {
  await s?.close();
});

const HOUR = 60 * MINUTE;

async function setUp() {
  s = await createStatusApp();
  const owner = await s.user();
  const shop = await s.monitor(owner, 'Shop');
  await s.setStatus(shop.id, 'up');
  await s.page(owner, { name: 'Acme', slug: 'acme', published: true, monitors: [{ monitorId: shop.id }] });
  const schedule = async (name: string, startsAt: number, extra = {}) =>
    s.ok<{ id: string }>(
      await s.send(owner, 'POST', '/maintenance-windows', {
        name,
        startsAt,
        durationMinutes: 60,
        monitorIds: [shop.id],
        ...extra,
      }),
      201,
    );
  const post = async (windowId: string, message: string) =>
    s.send(owner, 'POST', `/maintenance-windows/${windowId}/updates`, { message });
  return { owner, shop, schedule, post };
}

/** Moves the fake clock and lets the maintenance job catch up, as the worker would each second. */
async function advance(ms: number) {
  s.clock.advance(ms);
  await runDueTransitions(s.db, s.clock.now());
}

const page = async () => (await s.get('/status/acme')).text();
const json = async () => (await (await s.get('/status/acme.json')).json()) as PublicStatusJson;
const time = (at: number) => `<time data-local datetime="${new Date(at).toISOString()}">`;

describe('maintenance on the page, from announcement to completion', () => {
  it('shows each occurrence as scheduled, in progress, then completed for a week, with its updates', async () => {
    const { schedule, post } = await setUp();
    const start = NOW + HOUR;
    const window = await schedule('Database upgrade', start);
    expect((await post(window.id, 'We upgrade the database; expect a short read-only spell.')).status).toBe(
      201,
    );
    expect(await page()).toContain('<h3>Database upgrade</h3><span class="s s-maintenance">Scheduled</span>');

    await advance(HOUR + 10 * MINUTE);
    await post(window.id, 'Upgrade under way.');
    expect(await page()).toContain(
      '<h3>Database upgrade</h3><span class="s s-maintenance">In progress</span>',
    );

    await advance(HOUR);
    await post(window.id, 'Done: all services are back.');
    const html = await page();
    expect(html).toContain('<h3>Database upgrade</h3><span class="s s-maintenance">Completed</span>');
    expect(html).toContain(`<p class="muted">${time(start)}`);
    // The updates under it, newest first, each with its time.
    const article = html.slice(html.indexOf('<h3>Database upgrade</h3>'));
    const messages = [
      ...article.matchAll(
        /<div class="update"><p class="muted"><time[^>]*>[^<]*<\/time><\/p><p>([^<]*)<\/p>/g,
      ),
    ];
    expect(messages.map((match) => match[1])).toEqual([
      'Done: all services are back.',
      'Upgrade under way.',
      'We upgrade the database; expect a short read-only spell.',
    ]);

    const { maintenance, completedMaintenance } = await json();
    expect(maintenance).toEqual([]);
    expect(completedMaintenance).toEqual([
      {
        name: 'Database upgrade',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + HOUR).toISOString(),
        componentIds: [expect.any(String)],
        updates: [
          {
            message: 'Done: all services are back.',
            createdAt: new Date(NOW + 2 * HOUR + 10 * MINUTE).toISOString(),
          },
          { message: 'Upgrade under way.', createdAt: new Date(NOW + HOUR + 10 * MINUTE).toISOString() },
          {
            message: 'We upgrade the database; expect a short read-only spell.',
            createdAt: new Date(NOW).toISOString(),
          },
        ],
      },
    ]);

    await advance(7 * DAY);
    expect(await page()).not.toContain('Database upgrade');
  });

  it('shows an occurrence ended early with the time it ended', async () => {
    const { owner, schedule } = await setUp();
    const window = await schedule('Cache flush', NOW + DAY);
    await s.ok(await s.send(owner, 'POST', `/maintenance-windows/${window.id}/start`));
    await advance(10 * MINUTE);
    await s.ok(await s.send(owner, 'POST', `/maintenance-windows/${window.id}/end`));
    const { completedMaintenance, maintenance } = await json();
    expect(completedMaintenance.map((entry) => [entry.startsAt, entry.endsAt])).toEqual([
      [new Date(NOW).toISOString(), new Date(NOW + 10 * MINUTE).toISOString()],
    ]);
    // The scheduled occurrence is still to come.
    expect(maintenance.map((entry) => entry.startsAt)).toEqual([new Date(NOW + DAY).toISOString()]);
  });

  it('puts an update of a recurring window under the occurrence it announces or follows', async () => {
    const { schedule, post } = await setUp();
    const first = NOW + HOUR;
    const window = await schedule('Nightly reindex', first, {
      recurrence: { frequency: 'daily', timezone: 'UTC' },
    });
    await advance(HOUR + 5 * MINUTE);
    await post(window.id, 'Reindexing now.');
    await advance(2 * HOUR);
    await post(window.id, 'Tomorrow we also rebuild the search index.');
    const { maintenance, completedMaintenance } = await json();
    expect(completedMaintenance.map((entry) => entry.updates.map((update) => update.message))).toEqual([
      ['Reindexing now.'],
    ]);
    expect(maintenance[0]?.startsAt).toBe(new Date(first + DAY).toISOString());
    expect(maintenance[0]?.updates.map((update) => update.message)).toEqual([
      'Tomorrow we also rebuild the search index.',
    ]);
    expect(maintenance.slice(1).flatMap((entry) => entry.updates)).toEqual([]);
  });
});

describe('the updates API', () => {
  it('lists, refuses bad messages, keeps at most 20, and deletes', async () => {
    const { owner, schedule, post } = await setUp();
    const window = await schedule('Upgrade', NOW + HOUR);
    const empty = await post(window.id, '   ');
    expect(empty.status).toBe(422);
    expect(await empty.json()).toEqual({
      error: { code: 'validation_failed', message: 'message: Write the update.' },
    });
    const long = await post(window.id, 'x'.repeat(1001));
    expect(((await long.json()) as { error: { message: string } }).error.message).toBe(
      'message: Updates are limited to 1000 characters.',
    );

    const first = await s.ok<{ id: string; windowId: string; message: string; createdAt: number }>(
      await post(window.id, '  First.  '),
      201,
    );
    expect(first).toEqual({ id: expect.any(String), windowId: window.id, message: 'First.', createdAt: NOW });
    for (let i = 2; i <= 20; i++) {
      s.clock.advance(1000);
      expect((await post(window.id, `Update ${i}.`)).status).toBe(201);
    }
    const full = await post(window.id, 'One too many.');
    expect(full.status).toBe(409);
    expect(await full.json()).toEqual({
      error: {
        code: 'update_limit_reached',
        message: 'A maintenance window keeps at most 20 public updates; delete one first.',
      },
    });

    const list = await s.ok<{ updates: { id: string; message: string }[] }>(
      await s.send(owner, 'GET', `/maintenance-windows/${window.id}/updates`),
    );
    expect(list.updates).toHaveLength(20);
    expect(list.updates[0]?.message).toBe('Update 20.');
    expect(list.updates.at(-1)?.message).toBe('First.');

    const path = `/maintenance-windows/${window.id}/updates/${first.id}`;
    expect((await s.send(owner, 'DELETE', path)).status).toBe(204);
    const again = await s.send(owner, 'DELETE', path);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      error: {
        code: 'maintenance_update_not_found',
        message: 'No update with that id exists on this maintenance window.',
      },
    });
    expect((await post(window.id, 'Room again.')).status).toBe(201);
  });

  it("answers 404 for another workspace's window", async () => {
    const { schedule } = await setUp();
    const window = await schedule('Upgrade', NOW + HOUR);
    const stranger = await s.user();
    const response = await s.send(stranger, 'POST', `/maintenance-windows/${window.id}/updates`, {
      message: 'Hi',
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'maintenance_window_not_found',
    );
  });
});
