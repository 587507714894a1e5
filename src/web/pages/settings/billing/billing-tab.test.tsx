import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Customer, CustomerFeature } from '../../../billing/api-types';
import { planFeatures } from '../../../billing/dev-mock';
import { makeCustomerProduct, makeInvoice, makePlanCustomer } from '../../../test/billing';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const APRIL_3 = Date.UTC(2025, 3, 3, 12, 0, 0);
const HOUR = 3_600_000;
// The first lookup waits for the lazy settings route and the billing customer.
const LOAD = { timeout: 5000 };

type Routes = NonNullable<Parameters<typeof stubServer>[0]>['routes'];

function withCustomer(customer: Customer, routes: Routes = {}) {
  return stubServer({
    user: TEST_USER,
    routes: {
      'POST /api/billing/customers': () => json(customer),
      'POST /api/billing/query': () => json({ list: [] }),
      ...routes,
    },
  });
}

const bodyOf = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.path === path).map((request) => request.body);

describe('billing tab', () => {
  it("shows a free user's plan, usage 'x of y' and the Upgrade card", async () => {
    withCustomer(makePlanCustomer('free', { monitors: 3 }));
    renderApp('/dashboard/settings/billing');

    expect(await screen.findByText('3 of 5', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Free', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('0 of 2')).toBeInTheDocument();
    expect(screen.getAllByText('Remaining: 2')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    // The plans themselves, for changing plan or buying packs here.
    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).not.toBeInTheDocument();
  });

  it("shows an unlimited allowance (999999 remaining) as 'Unlimited', with no Upgrade card on Pro", async () => {
    withCustomer(makePlanCustomer('pro', { performanceSites: 4 }));
    renderApp('/dashboard/settings/billing');

    expect(await screen.findByText('4 of Unlimited', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Remaining: Unlimited')).toBeInTheDocument();
    expect(screen.getByText('Renews on Apr 3, 2025')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
  });

  it.each([
    ['a trial', { status: 'trialing' as const, trial_ends_at: APRIL_3 }, 'Trial ends on Apr 3, 2025'],
    ['a cancel', { canceled_at: APRIL_3 - 10 * 24 * HOUR }, 'Cancels on Apr 3, 2025'],
  ])('says when %s ends the plan', async (_, overrides, line) => {
    withCustomer(
      makePlanCustomer(
        'starter',
        {},
        { products: [makeCustomerProduct({ id: 'starter', name: 'Starter', ...overrides })] },
      ),
    );
    renderApp('/dashboard/settings/billing');
    expect(await screen.findByText(line, {}, LOAD)).toBeInTheDocument();
  });

  it('says a cancelled plan cancels on its date, though Free is scheduled to follow', async () => {
    withCustomer(
      makePlanCustomer(
        'starter',
        {},
        {
          products: [
            makeCustomerProduct({ id: 'starter', name: 'Starter', canceled_at: APRIL_3 - 24 * HOUR }),
            makeCustomerProduct({ id: 'free', name: 'Free', status: 'scheduled', started_at: APRIL_3 }),
          ],
        },
      ),
    );
    renderApp('/dashboard/settings/billing');
    expect(await screen.findByText('Cancels on Apr 3, 2025', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).not.toBeInTheDocument();
  });

  it('names a scheduled change with its date', async () => {
    withCustomer(
      makePlanCustomer(
        'pro',
        {},
        {
          products: [
            makeCustomerProduct({ canceled_at: APRIL_3 - 24 * HOUR }),
            makeCustomerProduct({ id: 'starter', name: 'Starter', status: 'scheduled', started_at: APRIL_3 }),
          ],
        },
      ),
    );
    renderApp('/dashboard/settings/billing');
    expect(await screen.findByText('Changes to Starter on Apr 3, 2025', {}, LOAD)).toBeInTheDocument();
  });

  it('lists add-ons with what they add, the card on file and invoices linking to their page', async () => {
    const starter = planFeatures('starter');
    const customer = makePlanCustomer(
      'starter',
      {},
      {
        products: [
          makeCustomerProduct({ id: 'starter', name: 'Starter' }),
          makeCustomerProduct({ id: 'monitor_pack', name: 'Monitor pack', is_add_on: true }),
        ],
        features: {
          ...starter,
          monitors: { ...(starter.monitors as CustomerFeature), included_usage: 45, balance: 45 },
        },
        invoices: [makeInvoice()],
        payment_method: { brand: 'visa', last4: '4242', added_at: APRIL_3 },
      },
    );
    withCustomer(customer);
    renderApp('/dashboard/settings/billing');

    expect(await screen.findByText('20 monitors (2 packs)', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('0 of 45')).toBeInTheDocument();
    expect(screen.getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      `/billing/invoices/${makeInvoice().id}`,
    );
  });

  it('opens the billing portal from Manage billing', async () => {
    const { requests } = withCustomer(makePlanCustomer('starter'), {
      'POST /api/billing/billing_portal': () => json({ customer_id: 'user-1', url: '/billing/portal' }),
    });
    const { router } = renderApp('/dashboard/settings/billing');

    await userEvent.click(await screen.findByRole('button', { name: 'Manage billing' }, LOAD));

    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/portal'));
    expect(bodyOf(requests, '/api/billing/billing_portal')).toHaveLength(1);
  });

  it('confirms a cancel by listing the features lost and the history that will be deleted', async () => {
    const { requests } = withCustomer(makePlanCustomer('starter'), {
      'POST /api/billing/cancel': () => json({ success: true, customer_id: 'user-1', product_id: 'starter' }),
    });
    renderApp('/dashboard/settings/billing');

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel plan' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Starter?' });
    expect(
      within(dialog).getByText('You keep Starter until Apr 3, 2025. Then your account moves to Free.'),
    ).toBeInTheDocument();
    const lost = within(dialog).getByRole('list', { name: 'Features you lose' });
    expect(
      within(lost)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Remove branding', 'Incident management', 'Performance budgets', 'Email digests']);
    const history = within(dialog).getByRole('list', { name: 'History that will be deleted' });
    expect(
      within(history).getByText('Check results older than 7 days (now kept 90 days)'),
    ).toBeInTheDocument();
    expect(within(history).getByText('Incidents older than 30 days (now kept 180 days)')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(requests, '/api/billing/cancel')).toEqual([
      expect.objectContaining({ product_id: 'starter' }),
    ]);
  });

  it('asks for usage over 30 days first and for the range picked after', async () => {
    const { requests } = withCustomer(makePlanCustomer('starter'), {
      'POST /api/billing/query': () =>
        json({
          list: [
            { period: APRIL_3 - 24 * HOUR, performance_runs: 0 },
            { period: APRIL_3, performance_runs: 3 },
          ],
        }),
    });
    renderApp('/dashboard/settings/billing');

    expect(await screen.findByText('3 performance runs in this range', {}, LOAD)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '24h' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last cycle' }));

    await waitFor(() =>
      expect(bodyOf(requests, '/api/billing/query').map((body) => (body as { range: string }).range)).toEqual(
        ['30d', '24h', 'last_cycle'],
      ),
    );
    expect(bodyOf(requests, '/api/billing/query')[0]).toMatchObject({ feature_id: 'performance_runs' });
    expect(screen.getByRole('button', { name: 'Last cycle' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('creates a referral code and copies it', async () => {
    withCustomer(makePlanCustomer('free'), {
      'POST /api/billing/referrals/code': () =>
        json({ code: 'K7Q2ZX', customer_id: 'user-1', created_at: APRIL_3 }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/settings/billing');

    await user.click(await screen.findByRole('button', { name: 'Create referral code' }, LOAD));
    expect(await screen.findByText('K7Q2ZX', {}, LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy' }));

    expect(await screen.findByRole('button', { name: 'Copied' }, LOAD)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('K7Q2ZX');
  });

  it('redeems a code with a clear success message', async () => {
    const { requests } = withCustomer(makePlanCustomer('free'), {
      'POST /api/billing/referrals/redeem': () =>
        json({ id: 'red_1', customer_id: 'user-1', reward_id: null }),
    });
    renderApp('/dashboard/settings/billing');

    await userEvent.type(await screen.findByLabelText("Redeem a friend's code", {}, LOAD), 'k7q2zx');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Code redeemed: you get 1 month of Starter free.',
    );
    expect(bodyOf(requests, '/api/billing/referrals/redeem')[0]).toMatchObject({ code: 'K7Q2ZX' });
  });

  it('says why a code could not be redeemed', async () => {
    withCustomer(makePlanCustomer('free'), {
      'POST /api/billing/referrals/redeem': () =>
        json({ message: 'Referral code not found', code: 'referral_code_not_found' }, 404),
    });
    renderApp('/dashboard/settings/billing');

    await userEvent.type(await screen.findByLabelText("Redeem a friend's code", {}, LOAD), 'NOPE00');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't find that referral code. Check it and try again.",
    );
  });
});
