import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeCheckoutResult, makePlanCustomer } from '../../test/billing';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { makeCatalogueProducts, type Scenarios } from '../../test/pricing';
import { renderInRouter } from '../../test/render-in-router';
import { PricingTable } from './pricing-table';

function renderTable(scenarios: Scenarios, extra: Record<string, () => Response> = {}) {
  const server = stubServer({
    user: TEST_USER,
    routes: {
      'POST /api/billing/customers': () => json(makePlanCustomer('starter')),
      'GET /api/billing/products': () => json({ list: makeCatalogueProducts(scenarios) }),
      ...extra,
    },
  });
  renderInRouter(<PricingTable successUrl="/pricing" />);
  return server;
}

const card = (name: string) => screen.findByRole('article', { name });

describe('PricingTable', () => {
  it('shows each plan with its texts from the plan table and the recommend text on Starter', async () => {
    renderTable({ free: 'cancel', starter: 'active', pro: 'upgrade' });

    const starter = await card('Starter');
    expect(starter).toHaveTextContent('Most popular');
    expect(starter).toHaveTextContent('For growing sites that need incidents, budgets and digests.');
    expect(starter).toHaveTextContent('$19 per month');
    expect(starter).toHaveTextContent('Everything from Free, plus:');
    expect(starter).toHaveTextContent('25 monitors');
    expect(starter).toHaveTextContent('Incident management');
    expect(await card('Free')).toHaveTextContent('$0 per month');
    expect(await card('Pro')).toHaveTextContent('Everything from Starter, plus:');
    expect(await card('Pro')).toHaveTextContent('Unlimited performance sites');
    expect(await card('Free')).toHaveTextContent('100 subscribers per status page');
    expect(starter).toHaveTextContent('1,000 subscribers per status page');
    expect(await card('Pro')).toHaveTextContent('Unlimited subscribers per status page');
    expect(await card('Free')).toHaveTextContent('10,000 real-visitor page views per month');
    expect(starter).toHaveTextContent('250,000 real-visitor page views per month');
    expect(await card('Pro')).toHaveTextContent('2,000,000 real-visitor page views per month');
    expect(await card('Pro')).not.toHaveTextContent('Most popular');
  });

  it('labels and enables each button from its scenario', async () => {
    renderTable({ free: 'cancel', starter: 'active', pro: 'upgrade' });

    const button = async (name: string) => within(await card(name)).getByRole('button');
    // Buttons wait for the session (its client loads on first use), then follow their scenario.
    await waitFor(async () => expect(await button('Free')).toBeEnabled());
    expect(await button('Free')).toHaveTextContent('Cancel Plan');
    expect(await button('Starter')).toHaveTextContent('Current Plan');
    expect(await button('Starter')).toBeDisabled();
    expect(await button('Pro')).toHaveTextContent('Upgrade');
    expect(await button('Monitor pack')).toHaveTextContent('Get started');
    expect(await button('Performance run pack')).toHaveTextContent('Purchase');
    expect(await button('Page view pack')).toHaveTextContent('Purchase');
  });

  it('disables a scheduled plan and offers Renew for a cancelled one', async () => {
    renderTable({ free: 'scheduled', starter: 'renew', pro: 'upgrade' });

    expect(within(await card('Free')).getByRole('button')).toHaveTextContent('Plan Scheduled');
    expect(within(await card('Free')).getByRole('button')).toBeDisabled();
    expect(within(await card('Starter')).getByRole('button')).toHaveTextContent('Renew');
  });

  it('lists the add-ons below the plans with their prices', async () => {
    renderTable({});

    const addOns = await screen.findByRole('region', { name: 'Add-ons' });
    expect(within(addOns).getByRole('article', { name: 'Monitor pack' })).toHaveTextContent(
      '$5per 10 monitors per month',
    );
    expect(within(addOns).getByRole('article', { name: 'Performance run pack' })).toHaveTextContent(
      '$5per 50 runs, one-off',
    );
    expect(within(addOns).getByRole('article', { name: 'Page view pack' })).toHaveTextContent(
      '$5per 100,000 page views, one-off',
    );
  });

  it('runs checkout with CheckoutDialog when a plan is chosen', async () => {
    const user = userEvent.setup();
    const { requests } = renderTable(
      { free: 'cancel', starter: 'active', pro: 'upgrade' },
      { 'POST /api/billing/checkout': () => json(makeCheckoutResult()) },
    );

    const upgrade = within(await card('Pro')).getByRole('button', { name: 'Upgrade' });
    await waitFor(() => expect(upgrade).toBeEnabled());
    await user.click(upgrade);

    // The dialog's code is fetched when a plan is chosen.
    expect(await screen.findByRole('dialog', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/billing/checkout')?.body).toMatchObject({
      product_id: 'pro',
      success_url: '/pricing',
    });
  }, 15_000);

  it('lets a signed-in user whose billing failed to load check out rather than sign up again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderTable(
      { pro: 'upgrade' },
      { 'POST /api/billing/customers': () => json({ message: 'down', code: 'internal' }, 500) },
    );

    const pro = await card('Pro');
    expect(await within(pro).findByRole('button', { name: 'Upgrade' })).toBeEnabled();
    expect(within(pro).queryByRole('link')).toBeNull();
  });

  it('says so when the plans cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderTable({}, { 'GET /api/billing/products': () => json({ message: 'down', code: 'internal' }, 500) });

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch pricing table products');
  });
});
