import { describe, expect, it } from 'vitest';
import type { Entitlement } from './balances.ts';
import { paywallPreview } from './paywall.ts';
import { holding, TEST_CATALOGUE } from './test-catalogue.ts';
import { entitlement } from './test-entitlements.ts';
import type { Catalogue, CustomerProduct } from './types.ts';
import { UPWATCH_CATALOGUE } from './upwatch-catalogue.ts';

function ent(featureId: string, balance = 0): Entitlement {
  return entitlement({ id: `e_${featureId}`, feature_id: featureId, balance });
}

const upwatch = (id: string, overrides: Partial<CustomerProduct> = {}) =>
  holding(UPWATCH_CATALOGUE, id, overrides);
const test = (id: string, overrides: Partial<CustomerProduct> = {}) => holding(TEST_CATALOGUE, id, overrides);

function preview(
  catalogue: Catalogue,
  featureId: string,
  customerProducts: CustomerProduct[],
  entitlements: Entitlement[] = [],
  extra: { entityId?: string; trialsUsed?: string[] } = {},
) {
  return paywallPreview({ catalogue, featureId, customerProducts, entitlements, ...extra });
}

describe('paywall preview products (BILLING.md §7 check step 6)', () => {
  it.each<[string, Catalogue, string, CustomerProduct[], string[]]>([
    [
      'a free customer denied api_access is offered pro only',
      UPWATCH_CATALOGUE,
      'api_access',
      [upwatch('free')],
      ['pro'],
    ],
    [
      'a free customer out of performance runs is offered the run pack, then the paid plans by price',
      UPWATCH_CATALOGUE,
      'performance_runs',
      [upwatch('free')],
      ['performance_run_pack', 'starter', 'pro'],
    ],
    [
      'a starter customer is offered only plans above starter',
      UPWATCH_CATALOGUE,
      'performance_runs',
      [upwatch('starter')],
      ['performance_run_pack', 'pro'],
    ],
    [
      'a one-off add-on is offered even when already owned',
      UPWATCH_CATALOGUE,
      'performance_runs',
      [upwatch('pro'), upwatch('performance_run_pack')],
      ['performance_run_pack'],
    ],
    [
      'a recurring add-on already owned is not offered again',
      UPWATCH_CATALOGUE,
      'monitors',
      [upwatch('free'), upwatch('monitor_pack')],
      ['starter', 'pro'],
    ],
    [
      'a recurring add-on not yet owned is offered beside the upgrades',
      UPWATCH_CATALOGUE,
      'monitors',
      [upwatch('starter')],
      ['monitor_pack', 'pro'],
    ],
    [
      'a customer without a main product is offered every main product with the feature',
      UPWATCH_CATALOGUE,
      'api_access',
      [],
      ['pro'],
    ],
    [
      'an expired plan does not count as the customer’s plan',
      UPWATCH_CATALOGUE,
      'performance_runs',
      [upwatch('pro', { status: 'expired' }), upwatch('starter')],
      ['performance_run_pack', 'pro'],
    ],
    [
      'the best of several main products is the one upgrades are measured from',
      TEST_CATALOGUE,
      'checks',
      [test('pro'), test('team', { group: 'other' })],
      ['scale', 'pro_y'],
    ],
    [
      'a longer billing interval counts as an upgrade',
      TEST_CATALOGUE,
      'checks',
      [test('team')],
      ['scale', 'pro_y'],
    ],
    [
      'a credit system pricing the feature unlocks it too',
      TEST_CATALOGUE,
      'messages',
      [test('free')],
      ['credit_pack', 'pro'],
    ],
  ])('%s', (_name, catalogue, featureId, products, expected) => {
    expect(preview(catalogue, featureId, products).products.map((p) => p.id)).toEqual(expected);
  });

  it('reads the plans of the checked entity only', () => {
    const products = [upwatch('free'), upwatch('pro', { entity_id: 'site_1' })];
    expect(preview(UPWATCH_CATALOGUE, 'api_access', products).products.map((p) => p.id)).toEqual(['pro']);
    expect(preview(UPWATCH_CATALOGUE, 'api_access', products, [], { entityId: 'site_1' }).products).toEqual(
      [],
    );
  });

  it('sends each product as /products does, with its properties and this customer’s scenario', () => {
    const [pro] = preview(UPWATCH_CATALOGUE, 'api_access', [upwatch('free')]).products;
    expect(pro).toMatchObject({ id: 'pro', scenario: 'upgrade', properties: { is_free: false } });
    expect(pro?.items[0]?.display?.primary_text).toBe('$39');
  });
});

describe('paywall preview scenario and texts (BILLING.md §7, §10 PaywallDialog)', () => {
  it('tells a free customer denied api_access it is a feature flag and to upgrade to Pro', () => {
    expect(preview(UPWATCH_CATALOGUE, 'api_access', [upwatch('free')])).toMatchObject({
      scenario: 'feature_flag',
      title: 'Upgrade to Pro',
      message: 'API access is not available on your current plan. Upgrade to Pro to use API access.',
      feature_id: 'api_access',
      feature_name: 'API access',
      upgrade_product_id: 'pro',
    });
  });

  it('tells a free customer out of performance runs it hit the usage limit and to buy the run pack', () => {
    const result = preview(
      UPWATCH_CATALOGUE,
      'performance_runs',
      [upwatch('free')],
      [ent('performance_runs')],
    );
    expect(result).toMatchObject({
      scenario: 'usage_limit',
      title: 'Purchase Performance run pack',
      upgrade_product_id: 'performance_run_pack',
    });
    expect(result.message).toMatch(/^You have reached the usage limit for Performance runs\./);
  });

  it.each<[string, Catalogue, string, CustomerProduct[], string[], string, RegExp]>([
    [
      'nothing unlocks it: Feature Unavailable',
      UPWATCH_CATALOGUE,
      'monitors',
      [upwatch('pro'), upwatch('monitor_pack')],
      [],
      'Feature Unavailable',
      /^You have reached the usage limit for Monitors\.$/,
    ],
    [
      'the first product has a trial: Start trial',
      TEST_CATALOGUE,
      'checks',
      [test('pro')],
      [],
      'Start trial for Growth',
      /Start a free trial of Growth to keep using Checks\.$/,
    ],
    [
      'its trial was already used: Upgrade instead',
      TEST_CATALOGUE,
      'checks',
      [test('pro')],
      ['growth'],
      'Upgrade to Growth',
      /Upgrade to Growth to keep using Checks\.$/,
    ],
  ])('%s', (_name, catalogue, featureId, products, trialsUsed, title, message) => {
    const result = preview(catalogue, featureId, products, [ent(featureId)], { trialsUsed });
    expect(result.title).toBe(title);
    expect(result.message).toMatch(message);
  });

  it('names no upgrade product when nothing unlocks the feature', () => {
    const result = preview(UPWATCH_CATALOGUE, 'monitors', [upwatch('pro'), upwatch('monitor_pack')]);
    expect(result).toMatchObject({ products: [], upgrade_product_id: null, title: 'Feature Unavailable' });
    expect(result.message).toBe('Monitors is not available on your current plan.');
  });

  it('counts a credit-system balance as a balance for the feature', () => {
    expect(preview(TEST_CATALOGUE, 'messages', [test('free')]).scenario).toBe('feature_flag');
    expect(preview(TEST_CATALOGUE, 'messages', [test('free')], [ent('credits')]).scenario).toBe(
      'usage_limit',
    );
  });
});
