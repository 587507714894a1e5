import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanId } from '../../core/plans';
import { usePlan } from '../lib/use-plan';
import { makeBillingProduct, makeCheckoutResult, makePlanCustomer } from '../test/billing';
import { json, stubServer, TEST_USER } from '../test/fake-server';
import { renderInRouter } from '../test/render-in-router';
import { UpgradeCard } from './upgrade-card';

// SPEC.md's messages. A limit card offers the next plan, Starter; the general card and a card
// for a Pro feature offer Pro.
const CASES = [
  ['limit', "You've reached your monitor limit on the free plan.", 'Starter'],
  ['feature', 'This feature is available with the Pro plan.', 'Pro'],
  ['general', 'Unlock more powerful monitoring with Pro.', 'Pro'],
] as const;

function PlanName() {
  const { plan, isLoading } = usePlan();
  return isLoading ? null : <p>On {plan.displayName}</p>;
}

function onPlan(plan: PlanId, routes: NonNullable<Parameters<typeof stubServer>[0]>['routes'] = {}) {
  return stubServer({
    user: TEST_USER,
    routes: { 'POST /api/billing/customers': () => json(makePlanCustomer(plan)), ...routes },
  });
}

describe('UpgradeCard', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(CASES)(
    'full card for the %s trigger shows its message and the guarantee',
    async (trigger, message, plan) => {
      onPlan('free');
      renderInRouter(
        <UpgradeCard trigger={trigger} feature={trigger === 'feature' ? 'webhooks' : undefined} />,
      );

      expect(await screen.findByRole('heading', { name: `Upgrade to ${plan}` })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Upgrade to ${plan}` })).toBeInTheDocument();
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(screen.getByText('Cancel anytime • Full refund within 30 days')).toBeInTheDocument();
      expect(screen.getAllByRole('listitem')).toHaveLength(4);
    },
  );

  it.each(CASES)(
    'compact card for the %s trigger shows its message and an Upgrade button',
    async (trigger, message) => {
      onPlan('free');
      renderInRouter(<UpgradeCard trigger={trigger} compact />);

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
      expect(screen.getByText('Cancel anytime • Full refund within 30 days')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: /^Upgrade to / })).not.toBeInTheDocument();
    },
  );

  it('sells a Starter feature as Starter: title, message, history and button', async () => {
    onPlan('free');
    renderInRouter(<UpgradeCard trigger="feature" feature="incidentManagement" />);

    expect(await screen.findByRole('heading', { name: 'Upgrade to Starter' })).toBeInTheDocument();
    expect(screen.getByText('This feature is available with the Starter plan.')).toBeInTheDocument();
    expect(screen.getByText('Up to 25 monitors')).toBeInTheDocument();
    expect(screen.getByText('Checks every 10 minutes')).toBeInTheDocument();
    expect(screen.getByText('90 days of history')).toBeInTheDocument();
    expect(screen.getByText('Versus 7 days on Free.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Starter' })).toBeInTheDocument();
    expect(screen.queryByText(/Pro/)).not.toBeInTheDocument();
  });

  it.each(['digests', 'performanceBudgets'] as const)(
    'names Starter for %s, a Starter feature, on the compact card',
    async (feature) => {
      onPlan('free');
      renderInRouter(<UpgradeCard trigger="feature" feature={feature} compact />);
      expect(await screen.findByText('This feature is available with the Starter plan.')).toBeInTheDocument();
      expect(screen.queryByText(/Pro/)).not.toBeInTheDocument();
    },
  );

  it("sells a Pro feature in SPEC.md's words, with Pro's history against 90 days and 7", async () => {
    onPlan('free');
    renderInRouter(<UpgradeCard trigger="feature" feature="apiAccess" />);

    expect(await screen.findByRole('heading', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.getByText('This feature is available with the Pro plan.')).toBeInTheDocument();
    expect(screen.getByText('Up to 100 monitors')).toBeInTheDocument();
    expect(screen.getByText('Checks every 1 minute')).toBeInTheDocument();
    expect(screen.getByText('365 days of history')).toBeInTheDocument();
    expect(screen.getByText('Versus 90 days on Starter and 7 days on Free.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.queryByText(/Starter plan/)).not.toBeInTheDocument();
  });

  it("the general card reads SPEC.md's Pro copy and checks out Pro", async () => {
    const { requests } = onPlan('free', {
      'POST /api/billing/checkout': () =>
        json({ url: `${window.location.origin}/billing/checkout/co_2`, product: { id: 'pro', items: [] } }),
    });
    const { router } = renderInRouter(<UpgradeCard />);

    expect(await screen.findByRole('heading', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.getByText('Unlock more powerful monitoring with Pro.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/checkout/co_2'));
    expect(requests.find((request) => request.path === '/api/billing/checkout')?.body).toMatchObject({
      product_id: 'pro',
    });
  });

  it('opens pricing in a new tab from Learn More', async () => {
    onPlan('free');
    renderInRouter(<UpgradeCard />);
    const learnMore = await screen.findByRole('link', { name: 'Learn More' });
    expect(learnMore).toHaveAttribute('href', '/pricing');
    expect(learnMore).toHaveAttribute('target', '_blank');
  });

  it('starts checkout of Starter from free and follows the payment page URL', async () => {
    const { requests } = onPlan('free', {
      'POST /api/billing/checkout': () =>
        json({
          url: `${window.location.origin}/billing/checkout/co_1`,
          product: { id: 'starter', items: [] },
        }),
    });
    const { router } = renderInRouter(<UpgradeCard trigger="limit" compact />);

    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/checkout/co_1'));
    const checkout = requests.find((request) => request.path === '/api/billing/checkout');
    expect(checkout?.body).toMatchObject({ product_id: 'starter' });
  });

  it("logs 'Failed to initiate checkout' when checkout fails", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    onPlan('free', {
      'POST /api/billing/checkout': () => json({ message: 'Billing is down', code: 'internal_error' }, 500),
    });
    renderInRouter(<UpgradeCard trigger="limit" compact />);

    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));

    await waitFor(() => expect(log).toHaveBeenCalledWith('Failed to initiate checkout', expect.anything()));
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeEnabled();
  });

  it('is not shown to a paid user for a limit or a general offer', async () => {
    onPlan('starter');
    renderInRouter(
      <>
        <PlanName />
        <UpgradeCard trigger="limit" compact />
        <UpgradeCard />
      </>,
    );
    expect(await screen.findByText('On Starter')).toBeInTheDocument();
    expect(screen.queryByText('Cancel anytime • Full refund within 30 days')).not.toBeInTheDocument();
  });

  it('offers Pro to a Starter user where a feature needs Pro', async () => {
    const { requests } = onPlan('starter', {
      'POST /api/billing/checkout': () =>
        json(
          makeCheckoutResult({
            product: makeBillingProduct({ id: 'pro', name: 'Pro', scenario: 'upgrade' }),
          }),
        ),
    });
    renderInRouter(<UpgradeCard trigger="feature" feature="apiAccess" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));

    // A card on file means no payment page: the change is confirmed in CheckoutDialog.
    expect(await screen.findByRole('dialog', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/billing/checkout')?.body).toMatchObject({
      product_id: 'pro',
    });
  });
});
