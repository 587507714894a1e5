import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';

const NOW = Date.UTC(2026, 10, 25, 9);
let app: Awaited<ReturnType<typeof createUserApp>>;
let owner: TestUser;
beforeEach(async () => {
  app = await createUserApp(NOW);
  owner = await app.user('free');
});
afterEach(async () => {
  await app.t.close();
});

function billing(user: TestUser, path: string, body: unknown) {
  return app.t.request(`/api/billing${path}`, {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function member(role: 'admin' | 'member' | 'viewer') {
  const user = await app.user('pro');
  await joinWorkspace(app.t.database.db, app.t.database.dialect, owner.id, user.id, role);
  return user;
}

describe("a workspace's billing", () => {
  it("notes the owner's change of plan in the audit log, and nothing for a checkout not yet paid", async () => {
    await app.t.grant(owner.id, 'pro');
    const cancelled = await billing(owner, '/cancel', { productId: 'pro' });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const log = async () =>
      (
        (await (await app.send(owner, 'GET', '/audit-events?resourceType=billing')).json()) as {
          events: { action: string; actor: { id: string }; resource: { name: string } }[];
        }
      ).events;
    expect((await log()).map((e) => [e.action, e.resource.name, e.actor.id])).toEqual([
      ['billing.cancel', 'pro', owner.id],
    ]);
    const stranger = await app.user('free');
    const checkout = await billing(stranger, '/attach', { productId: 'pro' });
    expect(((await checkout.json()) as { code: string }).code).toBe('checkout_created');
    const theirs = (await (await app.send(stranger, 'GET', '/audit-events')).json()) as { events: unknown[] };
    expect(theirs.events).toEqual([]);
  });

  it("is the workspace's customer for every member, who reads its plan but not its invoices", async () => {
    const grace = await member('admin');
    const response = await billing(grace, '/customers', { expand: ['invoices', 'entities'] });
    expect(response.status).toBe(200);
    const customer = (await response.json()) as {
      id: string;
      products: { id: string }[];
      invoices?: unknown;
    };
    expect(customer.id).toBe(owner.id);
    expect(customer.products.map((p) => p.id)).toContain('free');
    expect(customer.invoices).toBeUndefined();
    const own = (await (await billing(owner, '/customers', { expand: ['invoices'] })).json()) as {
      invoices?: unknown;
    };
    expect(own.invoices).toEqual([]);
  });

  it('refuses every change of plan or payment to anyone but the owner, naming the role', async () => {
    const grace = await member('admin');
    for (const path of ['/attach', '/checkout', '/cancel', '/setup_payment', '/referrals/code']) {
      const response = await billing(grace, path, { product_id: 'pro' });
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({
        code: 'forbidden_role',
        message: "This workspace's billing needs the owner role; you are an admin in this workspace.",
      });
    }
    expect((await billing(owner, '/attach', { product_id: 'pro' })).status).toBe(200);
  });

  it("counts a member's monitors against the workspace's plan, not their own", async () => {
    const grace = await member('member');
    for (let i = 0; i < 5; i++) {
      const created = await app.send(grace, 'POST', '/monitors', {
        name: `S${i}`,
        url: `https://s${i}.example.com`,
      });
      expect(created.status).toBe(201);
    }
    // Grace's own plan is Pro, the workspace's Free: its five monitors are used up.
    const sixth = await app.send(grace, 'POST', '/monitors', { name: 'S6', url: 'https://s6.example.com' });
    expect(sixth.status).toBe(403);
    const plan = await app.json<{ plan: string }>(await app.send(grace, 'GET', '/me/plan'), 200);
    expect(plan.plan).toBe('free');
  });
});
