import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { runBillingAdmin } from './billing-admin.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

describe('upwatch billing grant / show', () => {
  it('grants a plan without payment, recorded as a manual grant, and shows the customer', async () => {
    t = await createTestApp({}, { clock: new ManualClock(Date.UTC(2026, 10, 1)) });
    const user = await createUser(t.auth, { email: 'owner@example.test' });
    const granted = await runBillingAdmin(
      { action: 'grant', email: 'Owner@Example.test', plan: 'pro' },
      t.database,
      t.billing,
    );
    expect(granted).toEqual([
      'Granted Pro to owner@example.test (manual grant, no payment): new_product_attached',
    ]);
    const shown = await runBillingAdmin(
      { action: 'show', email: user.email, plan: undefined },
      t.database,
      t.billing,
    );
    expect(shown).toContain('  Pro — active (manual grant)');
    expect(shown).toContain('  monitors: 0 used of 100');
    expect(shown).toContain('Payment method: none');
    expect(shown).toContain('Invoices: 0');
    const plan = await (await t.request('/api/v1/me/plan', { headers: { cookie: user.cookie } })).json();
    expect(plan.plan).toBe('pro');
  });

  it('names what is wrong: unknown email, unknown plan, missing action', async () => {
    t = await createTestApp();
    await createUser(t.auth, { email: 'a@example.test' });
    const run = (action: string | undefined, email: string | undefined, plan?: string) =>
      runBillingAdmin({ action, email, plan }, t.database, t.billing);
    await expect(run('grant', 'nobody@example.test', 'pro')).rejects.toThrow(
      'No user with email nobody@example.test',
    );
    await expect(run('grant', 'a@example.test', 'gold')).rejects.toThrow(
      '--plan must be one of: free, starter, pro, monitor_pack, performance_run_pack, rum_pageview_pack',
    );
    await expect(run('grant', undefined, 'pro')).rejects.toThrow('--email is required');
    await expect(run('refund', 'a@example.test')).rejects.toThrow('Usage: upwatch billing grant');
  });
});
