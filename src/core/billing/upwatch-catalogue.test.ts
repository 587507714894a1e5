import { describe, expect, it } from 'vitest';
import { FEATURE_IDS, FEATURE_KEYS, PLAN_LIST, PLANS, type PlanId } from '../plans.ts';
import { withDisplay } from './display.ts';
import { productProperties } from './properties.ts';
import type { ProductItem } from './types.ts';
import { SERVER_OWNED_FEATURES, UPWATCH_CATALOGUE } from './upwatch-catalogue.ts';

const product = (id: string) => {
  const found = UPWATCH_CATALOGUE.products.find((p) => p.id === id);
  if (!found) throw new Error(id);
  return found;
};
const item = (productId: string, featureId: string): ProductItem | undefined =>
  product(productId).items.find((i) => i.feature_id === featureId);

describe("Upwatch's catalogue, generated from plans.ts", () => {
  it('has the free default plan and the paid plans in group plans at their plan-table prices', () => {
    for (const id of ['free', 'starter', 'pro'] as PlanId[]) {
      const plan = product(id);
      expect(plan.group).toBe('plans');
      expect(plan.is_default).toBe(id === 'free');
      const price = plan.items.find((i) => i.type === 'price');
      expect(price?.price ?? 0).toBe(PLANS[id].monthlyPrice);
      if (price) expect(price.interval).toBe('month');
    }
  });

  it.each(['free', 'starter', 'pro'] as PlanId[])(
    '%s includes the monitors and performance sites of its limits',
    (id) => {
      const limit = (v: number | 'unlimited') => (v === 'unlimited' ? 'inf' : v);
      expect(item(id, 'monitors')?.included_usage).toBe(PLANS[id].limits.monitorsMax);
      expect(item(id, 'performance_sites')?.included_usage).toBe(limit(PLANS[id].limits.perfSitesMax));
      expect(item(id, 'performance_runs')).toMatchObject({
        included_usage: PLANS[id].limits.performanceRunsPerMonth,
        interval: 'month',
      });
    },
  );

  it('gives pro unlimited performance sites and 1,000 runs a month', () => {
    expect(item('pro', 'performance_sites')?.included_usage).toBe('inf');
    expect(item('pro', 'performance_runs')?.included_usage).toBe(1000);
    expect(PLAN_LIST.map((plan) => plan.limits.performanceRunsPerMonth)).toEqual([10, 100, 1000]);
  });

  it.each([
    ['free', 10_000],
    ['starter', 250_000],
    ['pro', 2_000_000],
  ] as [PlanId, number][])('%s includes %i page views a month, reset monthly', (id, views) => {
    expect(PLANS[id].limits.rumPageViewsPerMonth).toBe(views);
    expect(item(id, 'rum_pageviews')).toMatchObject({
      included_usage: views,
      interval: 'month',
      reset_usage_when_enabled: true,
    });
  });

  it('meters page views as a server-owned single_use feature, sold in one-off packs of 100,000 for $5', () => {
    expect(UPWATCH_CATALOGUE.features.find((f) => f.id === 'rum_pageviews')?.type).toBe('single_use');
    expect(SERVER_OWNED_FEATURES).toContain('rum_pageviews');
    const pack = product('rum_pageview_pack');
    expect(pack).toMatchObject({ is_add_on: true, group: 'plans' });
    expect(pack.items[0]).toMatchObject({
      type: 'priced_feature',
      feature_id: 'rum_pageviews',
      price: 5,
      billing_units: 100_000,
      usage_model: 'prepaid',
      interval: null,
    });
    expect(productProperties(pack)).toMatchObject({ is_one_off: true, updateable: false });
  });

  it.each(['free', 'starter', 'pro'] as PlanId[])('%s has exactly the boolean features of its plan', (id) => {
    for (const key of FEATURE_KEYS) {
      expect(item(id, FEATURE_IDS[key]) !== undefined).toBe(PLANS[id].features[key]);
    }
  });

  it.each([
    ['free', ['basic_monitoring']],
    ['starter', ['basic_monitoring', 'standard_monitoring']],
    ['pro', ['basic_monitoring', 'standard_monitoring', 'fast_monitoring']],
  ])('%s allows the check-interval tiers %j', (id, tiers) => {
    const held = ['basic_monitoring', 'standard_monitoring', 'fast_monitoring'].filter((t) => item(id, t));
    expect(held).toEqual(tiers);
  });

  it('names interval tiers after the plan minimums', () => {
    const names = UPWATCH_CATALOGUE.features.filter(
      (f) => f.id.endsWith('_monitoring') && f.id !== 'ssl_monitoring',
    );
    expect(names.map((f) => f.name)).toEqual(['15-minute checks', '10-minute checks', '1-minute checks']);
  });

  it('sells monitor packs of 10 at $5 a month, updateable', () => {
    const pack = product('monitor_pack');
    expect(pack.is_add_on).toBe(true);
    expect(pack.items[0]).toMatchObject({
      feature_id: 'monitors',
      price: 5,
      billing_units: 10,
      usage_model: 'prepaid',
      interval: 'month',
    });
    expect(productProperties(pack)).toMatchObject({
      updateable: true,
      is_one_off: false,
      interval_group: 'month',
    });
    expect(withDisplay(pack, UPWATCH_CATALOGUE.features).items[0]?.display).toEqual({
      primary_text: '$5 per 10 Monitors',
      secondary_text: 'per month',
    });
  });

  it('sells a one-off pack of 50 performance runs for $5', () => {
    const pack = product('performance_run_pack');
    expect(pack.items[0]).toMatchObject({ feature_id: 'performance_runs', price: 5, billing_units: 50 });
    expect(productProperties(pack)).toMatchObject({ is_one_off: true, updateable: false });
  });

  it('shows starter as $19 per month first', () => {
    const shown = withDisplay(product('starter'), UPWATCH_CATALOGUE.features);
    expect(shown.items[0]?.display).toEqual({ primary_text: '$19', secondary_text: 'per month' });
    expect(shown.items.map((i) => i.display?.primary_text)).toContain('25 Monitors');
  });

  it('defines every feature a product uses', () => {
    const ids = new Set(UPWATCH_CATALOGUE.features.map((f) => f.id));
    for (const p of UPWATCH_CATALOGUE.products)
      for (const i of p.items) if (i.feature_id) expect(ids).toContain(i.feature_id);
  });
});
