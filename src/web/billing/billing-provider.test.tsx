import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCheckoutResult, makePlanCustomer } from '../test/billing';
import { json, stubServer, TEST_USER } from '../test/fake-server';
import { renderInRouter } from '../test/render-in-router';
import type { BillingDialogProps } from './dialog';
import type { ProductDetails } from './pricing-table';
import { useAnalytics } from './use-analytics';
import { useCustomer } from './use-customer';
import { useEntity } from './use-entity';
import { usePlan } from './use-plan';
import { usePricingTable } from './use-pricing-table';

interface Seen {
  customer: ReturnType<typeof useCustomer>;
  plan: ReturnType<typeof usePlan>;
}

function renderBilling(extra?: () => ReactNode) {
  const seen = {} as Seen;
  function Probe() {
    seen.customer = useCustomer();
    seen.plan = usePlan();
    return <>{extra?.()}</>;
  }
  return { seen, ...renderInRouter(<Probe />) };
}

function TestDialog({ open, setOpen, featureId, checkoutResult }: BillingDialogProps) {
  if (!open) return <p>dialog closed{featureId ? ` for ${featureId}` : ''}</p>;
  return (
    <div role="dialog">
      <p>{featureId ? `Paywall for ${featureId}` : `Confirm ${checkoutResult?.product.name}`}</p>
      <button type="button" onClick={() => setOpen(false)}>
        Close
      </button>
    </div>
  );
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('billing hooks outside the provider', () => {
  it.each([
    ['useCustomer', () => useCustomer()],
    ['usePlan', () => usePlan()],
    ['usePricingTable', () => usePricingTable()],
    ['useEntity', () => useEntity('e-1')],
    ['useAnalytics', () => useAnalytics({ featureId: 'performance_runs' })],
  ])('%s throws a message naming the provider', (name, hook) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Bare() {
      hook();
      return null;
    }
    expect(() => render(<Bare />)).toThrow(`${name} must be used within <BillingProvider />`);
  });
});

describe('BillingProvider customer', () => {
  it('reads the plan, limits and remaining counts from the customer', async () => {
    stubServer({
      user: TEST_USER,
      routes: { 'POST /api/billing/customers': () => json(makePlanCustomer('starter', { monitors: 4 })) },
    });
    const { seen } = renderBilling();
    await waitFor(() => expect(seen.plan.hasData).toBe(true));

    expect(seen.plan).toMatchObject({
      paid: true,
      active: true,
      isPro: true,
      isLoading: false,
      isMock: false,
    });
    expect(seen.plan.plan.id).toBe('starter');
    expect(seen.plan.limits).toMatchObject({ monitors: 25, performanceSites: 15 });
    expect(seen.plan.remaining).toMatchObject({ monitors: 21, performanceSites: 15 });
    expect(seen.customer.check({ featureId: 'incident_management' }).data.allowed).toBe(true);
    expect(seen.customer.check({ featureId: 'api_access' }).data.allowed).toBe(false);
  });

  it('reports loading (checks false, usage null) until the customer arrives', async () => {
    stubServer({
      user: TEST_USER,
      routes: { 'POST /api/billing/customers': () => new Promise<Response>(() => {}) },
    });
    const { seen } = renderBilling();
    await waitFor(() => expect(seen.customer).toBeDefined());

    expect(seen.customer.isLoading).toBe(true);
    expect(seen.customer.check({ featureId: 'ssl_monitoring' }).data.allowed).toBe(false);
    expect(seen.customer.usage('monitors')).toBeNull();
    expect(seen.plan.remaining.monitors).toBeNull();
  });

  it('does not retry a failed customer fetch and keeps the basic features usable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { requests } = stubServer({
      user: TEST_USER,
      routes: { 'POST /api/billing/customers': () => json({ message: 'Down', code: 'internal_error' }, 500) },
    });
    const { seen } = renderBilling();
    await waitFor(() => expect(seen.customer.status).toBe('no_data'));

    expect(seen.customer.error).toMatchObject({ code: 'internal_error', message: 'Down' });
    expect(seen.customer.check({ featureId: 'public_status_pages' }).data.allowed).toBe(true);
    expect(seen.customer.check({ featureId: 'digests' }).data.allowed).toBe(false);
    expect(seen.plan.plan.id).toBe('free');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.filter((request) => request.path === '/api/billing/customers')).toHaveLength(1);
  });

  it('throws when check names neither a feature nor a product', async () => {
    stubServer({ user: TEST_USER });
    const { seen } = renderBilling();
    await waitFor(() => expect(seen.plan.hasData).toBe(true));
    expect(() => seen.customer.check({})).toThrow('allowed() requires either featureId or productId');
  });
});

describe('BillingProvider dialogs', () => {
  it('opens the dialog a denied check asked for, and clears its props about 200 ms after it closes', async () => {
    stubServer({ user: TEST_USER });
    const { seen } = renderBilling();
    await waitFor(() => expect(seen.plan.hasData).toBe(true));

    expect(seen.customer.check({ featureId: 'ssl_monitoring', dialog: TestDialog }).data.allowed).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();

    let result: ReturnType<Seen['customer']['check']> | undefined;
    act(() => {
      result = seen.customer.check({ featureId: 'webhooks', dialog: TestDialog });
    });
    expect(result?.data.allowed).toBe(false);
    expect(await screen.findByText('Paywall for webhooks')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.getByText('dialog closed for webhooks')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/dialog closed/)).toBeNull(), { timeout: 1000 });
  });

  it('renders the dialog checkout() asked for with the preview', async () => {
    stubServer({
      user: TEST_USER,
      routes: { 'POST /api/billing/checkout': () => json(makeCheckoutResult()) },
    });
    const { seen } = renderBilling();
    await waitFor(() => expect(seen.plan.hasData).toBe(true));
    await act(() => seen.customer.checkout({ productId: 'pro', dialog: TestDialog }));
    expect(await screen.findByText('Confirm Pro')).toBeInTheDocument();
  });

  it('opens the billing portal in this tab by default and in a new tab when asked', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'POST /api/billing/billing_portal': () => json({ customer_id: 'user-1', url: '/billing/portal' }),
      },
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { seen, router } = renderBilling();
    await waitFor(() => expect(seen.plan.hasData).toBe(true));

    await act(() => seen.customer.openBillingPortal({ openInNewTab: true }));
    expect(open).toHaveBeenCalledWith('/billing/portal', '_blank', 'noopener,noreferrer');
    expect(router.state.location.pathname).toBe('/');

    await act(() => seen.customer.openBillingPortal());
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/portal'));
  });
});

describe('dev-mode mock plan (SPEC.md §4, §9)', () => {
  function failingCustomer() {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer({
      user: TEST_USER,
      routes: { 'POST /api/billing/customers': () => json({ message: 'Down', code: 'internal_error' }, 500) },
    });
  }

  it('uses a Starter plan with 25 monitors and 15 performance sites in a dev build with no customer', async () => {
    vi.stubEnv('VITE_BILLING_DEV_MOCK', 'true');
    failingCustomer();
    const { seen } = renderBilling();
    await waitFor(() => expect(seen.plan.isMock).toBe(true));
    expect(seen.plan.plan.id).toBe('starter');
    expect(seen.plan.limits).toMatchObject({ monitors: 25, performanceSites: 15 });
  });

  it('never uses it in a production build', async () => {
    vi.stubEnv('VITE_BILLING_DEV_MOCK', 'true');
    vi.stubEnv('DEV', false);
    failingCustomer();
    const { seen } = renderBilling();
    await waitFor(() => expect(seen.customer.status).toBe('no_data'));
    expect(seen.plan.isMock).toBe(false);
    expect(seen.plan.plan.id).toBe('free');
  });

  it('gives way to a loaded customer', async () => {
    vi.stubEnv('VITE_BILLING_DEV_MOCK', 'true');
    stubServer({ user: TEST_USER });
    const { seen } = renderBilling();
    await waitFor(() => expect(seen.plan.isMock).toBe(false));
    expect(seen.plan.plan.id).toBe('free');
    expect(seen.plan.limits.monitors).toBe(5);
  });
});

describe('usePricingTable', () => {
  function renderTable(productDetails?: ProductDetails[]) {
    const seen = {} as { table: ReturnType<typeof usePricingTable> };
    function Table() {
      seen.table = usePricingTable({ productDetails });
      return null;
    }
    renderInRouter(<Table />);
    return seen;
  }

  it('reports failed_to_fetch_pricing_table_products when the products cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer({
      routes: { 'GET /api/billing/products': () => json({ message: 'Down', code: 'internal_error' }, 500) },
    });
    const seen = renderTable();
    await waitFor(() => expect(seen.table.error).not.toBeNull());
    expect(seen.table.error).toMatchObject({
      code: 'failed_to_fetch_pricing_table_products',
      message: 'Failed to fetch pricing table products',
    });
  });

  it('applies display texts and logs an override naming a feature the product lacks', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer();
    const details: ProductDetails[] = [
      {
        id: 'starter',
        recommendText: 'Most popular',
        buttonUrl: '/signup',
        items: [{ featureId: 'teleport' }, { primaryText: 'Email support' }],
      },
    ];
    const seen = renderTable(details);
    await waitFor(() => expect(seen.table.products).not.toBeNull());
    expect(seen.table.products?.map((product) => product.id)).toEqual(['starter']);
    expect(seen.table.products?.[0]?.display).toMatchObject({
      name: 'Starter',
      recommend_text: 'Most popular',
      button_url: '/signup',
    });
    expect(seen.table.products?.[0]?.items.map((item) => item.display?.primary_text)).toEqual([
      'Email support',
    ]);
    expect(error).toHaveBeenCalledWith('Feature with id teleport not found for product starter');
  });

  it('lists every product in catalogue order without details, fetched once', async () => {
    const { requests } = stubServer();
    const seen = renderTable();
    await waitFor(() => expect(seen.table.products).not.toBeNull());
    expect(seen.table.products?.map((product) => product.id)).toEqual(['free', 'starter', 'pro']);
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.filter((request) => request.path === '/api/billing/products')).toHaveLength(1);
  });
});
