import { PLANS, type PlanId } from '../../core/plans';
import type { BillingProduct, CheckoutResult, Customer } from '../billing/api-types';
import { planFeatures } from '../billing/dev-mock';
import type { CustomerProduct, Invoice, SandboxCheckout, SandboxInvoice } from '../billing/types';

const MARCH_3 = Date.UTC(2025, 2, 3, 12, 0, 0);
const APRIL_3 = Date.UTC(2025, 3, 3, 12, 0, 0);

export function makeCheckout(overrides: Partial<SandboxCheckout> = {}): SandboxCheckout {
  return {
    id: 'co_1',
    kind: 'checkout',
    completed: false,
    expired: false,
    product: { id: 'starter', name: 'Starter' },
    lines: [{ description: 'Starter plan', amount: 19 }],
    total: 19,
    currency: 'usd',
    next_cycle: { starts_at: APRIL_3, total: 19 },
    success_url: '/dashboard/settings/billing',
    ...overrides,
  };
}

export function makeCustomerProduct(overrides: Partial<CustomerProduct> = {}): CustomerProduct {
  return {
    id: 'pro',
    name: 'Pro',
    group: '',
    status: 'active',
    canceled_at: null,
    started_at: MARCH_3,
    is_add_on: false,
    current_period_start: MARCH_3,
    current_period_end: APRIL_3,
    items: [{ type: 'price', price: 39, interval: 'month' }],
    ...overrides,
  };
}

export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'inv_0195b1c2d3e47f80a1b2c3d4e5f60718',
    status: 'paid',
    reason: 'checkout',
    total: 39,
    currency: 'usd',
    lines: [{ description: 'Pro plan', amount: 39 }],
    product_ids: ['pro'],
    created_at: MARCH_3,
    hosted_invoice_url: '/billing/invoices/inv_0195b1c2d3e47f80a1b2c3d4e5f60718',
    ...overrides,
  };
}

export function makeSandboxInvoice(overrides: Partial<SandboxInvoice> = {}): SandboxInvoice {
  return {
    ...makeInvoice(overrides),
    customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
    ...overrides,
  };
}

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    products: [makeCustomerProduct()],
    features: planFeatures('pro'),
    invoices: [makeInvoice()],
    payment_method: { brand: 'visa', last4: '4242', added_at: MARCH_3 },
    ...overrides,
  };
}

/** A customer on `plan` (active), holding that plan's features with `used` monitors etc. taken. */
export function makePlanCustomer(
  plan: PlanId,
  used: { monitors?: number; performanceSites?: number } = {},
  overrides: Partial<Customer> = {},
): Customer {
  return makeCustomer({
    products: [
      makeCustomerProduct({
        id: plan,
        name: PLANS[plan].displayName,
        items: [{ type: 'price', price: PLANS[plan].monthlyPrice, interval: 'month' }],
      }),
    ],
    features: planFeatures(plan, used),
    invoices: [],
    payment_method: null,
    ...overrides,
  });
}

export function makeBillingProduct(overrides: Partial<BillingProduct> = {}): BillingProduct {
  return {
    id: 'starter',
    name: 'Starter',
    group: 'plans',
    is_add_on: false,
    is_default: false,
    items: [
      {
        type: 'price',
        price: 19,
        interval: 'month',
        display: { primary_text: '$19', secondary_text: 'per month' },
      },
    ],
    free_trial: null,
    scenario: 'upgrade',
    properties: {
      is_free: false,
      is_one_off: false,
      interval_group: 'month',
      has_trial: false,
      updateable: false,
    },
    ...overrides,
  };
}

/** The three plans as `/products` lists them for a free customer. */
export function makePlanProducts(): BillingProduct[] {
  return (['free', 'starter', 'pro'] as const).map((id) =>
    makeBillingProduct({
      id,
      name: PLANS[id].displayName,
      is_default: id === 'free',
      scenario: id === 'free' ? 'active' : 'upgrade',
      items:
        id === 'free'
          ? []
          : [
              {
                type: 'price',
                price: PLANS[id].monthlyPrice,
                interval: 'month',
                display: { primary_text: `$${PLANS[id].monthlyPrice}`, secondary_text: 'per month' },
              },
            ],
      properties: {
        is_free: id === 'free',
        is_one_off: false,
        interval_group: id === 'free' ? null : 'month',
        has_trial: false,
        updateable: false,
      },
    }),
  );
}

export function makeCheckoutResult(overrides: Partial<CheckoutResult> = {}): CheckoutResult {
  return {
    url: null,
    customer_id: 'user-1',
    lines: [],
    total: 20,
    currency: 'usd',
    options: [],
    product: makeBillingProduct({ id: 'pro', name: 'Pro' }),
    current_product: null,
    has_prorations: true,
    next_cycle: { starts_at: APRIL_3, total: 39 },
    ...overrides,
  };
}
