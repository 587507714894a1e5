// A public page's headline, its incidents and its monitors never contradict each other: no
// "All systems operational" above an open incident, and a flapping incident whose monitor is up
// reads as unstable and watched, not as down.
import { uuidv7 } from 'uuidv7';
import { afterEach, describe, expect, it } from 'vitest';
import { createStatusApp, MINUTE, NOW, type StatusApp } from './test/status-app.ts';

let s: StatusApp;
afterEach(async () => {
  await s?.close();
});

async function openIncident(monitorId: string, ownerId: string, flappingSince: number | null) {
  const id = uuidv7();
  await s.db
    .insertInto('incidents')
    .values({
      id,
      workspace_id: ownerId,
      title: 'shop.internal is down',
      status: 'investigating',
      severity: 'major',
      source: 'automatic',
      primary_monitor_id: monitorId,
      started_at: NOW - 20 * MINUTE,
      acknowledged_at: null,
      resolved_at: null,
      flapping_since: flappingSince,
      down_alerted: 1,
      recovery_alerted: 0,
      root_cause: null,
      summary: null,
      follow_ups: null,
      renotify_at: null,
      created_at: NOW - 20 * MINUTE,
      updated_at: NOW - 20 * MINUTE,
    })
    .execute();
  await s.db.insertInto('incident_monitors').values({ incident_id: id, monitor_id: monitorId }).execute();
  return id;
}

interface PageJson {
  status: { state: string; description: string };
  activeIncidents: { title: string; status: string }[];
}

describe('a public page agrees with itself', () => {
  it('a flapping incident whose monitor is up: degraded, the incident unstable and monitoring, never "All systems operational"', async () => {
    const owner = await startWithOwner();
    const shop = await s.monitor(owner, 'Shop');
    await s.setStatus(shop.id, 'up');
    await s.page(owner, { name: 'Acme', slug: 'acme', published: true, monitors: [{ monitorId: shop.id }] });
    await openIncident(shop.id, owner.id, NOW - 5 * MINUTE);

    const json = (await (await s.get('/status/acme.json')).json()) as PageJson;
    expect(json.status).toEqual({ state: 'degraded', description: 'Degraded performance' });
    expect(json.activeIncidents).toEqual([
      expect.objectContaining({ title: 'Shop is unstable', status: 'monitoring' }),
    ]);
    const html = await (await s.get('/status/acme')).text();
    expect(html).not.toContain('All systems operational');
    expect(html).toContain('Degraded performance');
    expect(html).toContain('Shop is unstable');
  });

  it('an open outage of a monitor that is down reads as down', async () => {
    const owner = await startWithOwner();
    const shop = await s.monitor(owner, 'Shop');
    await s.setStatus(shop.id, 'down');
    await s.page(owner, { name: 'Acme', slug: 'acme', published: true, monitors: [{ monitorId: shop.id }] });
    await openIncident(shop.id, owner.id, NOW - 5 * MINUTE);

    const json = (await (await s.get('/status/acme.json')).json()) as PageJson;
    expect(json.status.state).toBe('major_outage');
    expect(json.activeIncidents).toEqual([
      expect.objectContaining({ title: 'Shop is down', status: 'investigating' }),
    ]);
  });

  it('with no open incident and every monitor up, the page is operational', async () => {
    const owner = await startWithOwner();
    const shop = await s.monitor(owner, 'Shop');
    await s.setStatus(shop.id, 'up');
    await s.page(owner, { name: 'Acme', slug: 'acme', published: true, monitors: [{ monitorId: shop.id }] });
    const json = (await (await s.get('/status/acme.json')).json()) as PageJson;
    expect(json.status).toEqual({ state: 'operational', description: 'All systems operational' });
    expect(json.activeIncidents).toEqual([]);
  });
});

async function startWithOwner() {
  s = await createStatusApp();
  return s.user('pro');
}
