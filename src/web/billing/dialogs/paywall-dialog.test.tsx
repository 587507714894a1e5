import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type PaywallProduct, type PaywallScenario, paywallText } from '../../../core/billing/paywall';
import { makeBillingProduct, makeCheckoutResult } from '../../test/billing';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../test/fake-server';
import { renderInRouter } from '../../test/render-in-router';
import type { PaywallPreview } from '../api-types';
import { useCustomer } from '../use-customer';
import { PaywallDialog } from './paywall-dialog';

function product(id: string, name: string, extra: { has_trial?: boolean; is_add_on?: boolean } = {}) {
  const base = makeBillingProduct({ id, name, is_add_on: extra.is_add_on ?? false });
  return {
    ...base,
    version: 1,
    properties: { ...base.properties, has_trial: extra.has_trial ?? false },
  } as unknown as PaywallProduct;
}

/** What the server's check with `with_preview` answers, worded by the same paywallText. */
function preview(scenario: PaywallScenario, products: PaywallProduct[]): PaywallPreview {
  return {
    scenario,
    ...paywallText(scenario, 'API access', products[0]),
    feature_id: 'api_access',
    feature_name: 'API access',
    products,
    upgrade_product_id: products[0]?.id ?? null,
  };
}

function renderPaywall(answer: PaywallPreview | null, routes: Record<string, () => Response> = {}) {
  const server = stubServer({
    user: TEST_USER,
    routes: {
      'POST /api/billing/check': () =>
        json({
          allowed: false,
          customer_id: 'user-1',
          feature_id: 'api_access',
          ...(answer ? { preview: answer } : {}),
        }),
      ...routes,
    },
  });
  function Gate() {
    const { check } = useCustomer();
    return (
      <button type="button" onClick={() => check({ featureId: 'api_access', dialog: PaywallDialog })}>
        Use the API
      </button>
    );
  }
  renderInRouter(<Gate />);
  return server;
}

async function openPaywall() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Use the API' }));
  return user;
}

describe('PaywallDialog', () => {
  it.each<[string, PaywallPreview, string, string]>([
    [
      'no product unlocks the feature',
      preview('feature_flag', []),
      'Feature Unavailable',
      'API access is not available on your current plan.',
    ],
    [
      'a plan unlocks it',
      preview('feature_flag', [product('pro', 'Pro')]),
      'Upgrade to Pro',
      'API access is not available on your current plan. Upgrade to Pro to use API access.',
    ],
    [
      'an add-on unlocks it',
      preview('usage_limit', [product('monitor_pack', 'Monitor pack', { is_add_on: true })]),
      'Purchase Monitor pack',
      'You have reached the usage limit for API access. Purchase Monitor pack to keep using API access.',
    ],
    [
      'a plan with a trial unlocks it',
      preview('feature_flag', [product('pro', 'Pro', { has_trial: true })]),
      'Start trial for Pro',
      'API access is not available on your current plan. Start a free trial of Pro to use API access.',
    ],
  ])('titles the paywall when %s', async (_, answer, title, message) => {
    const { requests } = renderPaywall(answer);
    await openPaywall();

    const dialog = await screen.findByRole('dialog', { name: title });
    expect(dialog).toHaveTextContent(message);
    const check = requests.find((request: RecordedRequest) => request.path === '/api/billing/check');
    expect(check?.body).toMatchObject({ feature_id: 'api_access', with_preview: true });
  });

  it('starts the checkout of the product that unlocks the feature', async () => {
    const { requests } = renderPaywall(preview('feature_flag', [product('pro', 'Pro')]), {
      'POST /api/billing/checkout': () => json(makeCheckoutResult()),
    });
    const user = await openPaywall();

    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    expect(dialog).toHaveTextContent('Pro$19 per month');
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade' }));

    // The checkout's own dialog replaces the paywall under the same title.
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Upgrade to Pro' })).toHaveTextContent('Due today'),
    );
    expect(requests.find((request) => request.path === '/api/billing/checkout')?.body).toMatchObject({
      product_id: 'pro',
    });
  });

  it('offers only Close when nothing unlocks the feature', async () => {
    renderPaywall(preview('feature_flag', []));
    const user = await openPaywall();

    const dialog = await screen.findByRole('dialog', { name: 'Feature Unavailable' });
    expect(within(dialog).queryByRole('button', { name: 'Upgrade' })).toBeNull();
    const close = within(dialog)
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.textContent === 'Close');
    await user.click(close as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
