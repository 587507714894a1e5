// The catalogue as `/products` lists it, with each product's scenario chosen by the test.
import type { Scenario } from '../../core/billing/scenario';
import { MONITOR_PACK, PAGE_VIEW_PACK, PERFORMANCE_RUN_PACK } from '../../core/plans';
import type { BillingProduct } from '../billing/api-types';
import { makeBillingProduct, makePlanProducts } from './billing';

export type Scenarios = Partial<Record<string, Scenario>>;

export function makeAddOnProducts(): BillingProduct[] {
  return [
    makeBillingProduct({
      id: 'monitor_pack',
      name: 'Monitor pack',
      is_add_on: true,
      scenario: 'new',
      items: [
        {
          type: 'priced_feature',
          feature_id: 'monitors',
          price: MONITOR_PACK.monthlyPrice,
          billing_units: MONITOR_PACK.monitors,
          usage_model: 'prepaid',
          interval: 'month',
          display: { primary_text: '$5 per 10 Monitors', secondary_text: 'per month' },
        },
      ],
      properties: {
        is_free: false,
        is_one_off: false,
        interval_group: 'month',
        has_trial: false,
        updateable: true,
      },
    }),
    makeBillingProduct({
      id: 'performance_run_pack',
      name: 'Performance run pack',
      is_add_on: true,
      scenario: 'new',
      items: [
        {
          type: 'priced_feature',
          feature_id: 'performance_runs',
          price: PERFORMANCE_RUN_PACK.price,
          billing_units: PERFORMANCE_RUN_PACK.runs,
          usage_model: 'prepaid',
          interval: null,
          display: { primary_text: '$5 per 50 Performance runs' },
        },
      ],
      properties: {
        is_free: false,
        is_one_off: true,
        interval_group: null,
        has_trial: false,
        updateable: false,
      },
    }),
    makeBillingProduct({
      id: 'rum_pageview_pack',
      name: 'Page view pack',
      is_add_on: true,
      scenario: 'new',
      items: [
        {
          type: 'priced_feature',
          feature_id: 'rum_pageviews',
          price: PAGE_VIEW_PACK.price,
          billing_units: PAGE_VIEW_PACK.pageViews,
          usage_model: 'prepaid',
          interval: null,
          display: { primary_text: '$5 per 100,000 Page views' },
        },
      ],
      properties: {
        is_free: false,
        is_one_off: true,
        interval_group: null,
        has_trial: false,
        updateable: false,
      },
    }),
  ];
}

/** The three plans and the add-ons; every scenario `new` (a visitor) unless `scenarios` says otherwise. */
export function makeCatalogueProducts(scenarios: Scenarios = {}): BillingProduct[] {
  return [...makePlanProducts(), ...makeAddOnProducts()].map((product) => ({
    ...product,
    scenario: scenarios[product.id] ?? 'new',
  }));
}
