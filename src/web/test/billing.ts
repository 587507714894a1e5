import type {
  BillingCustomer,
  CustomerProduct,
  Invoice,
  SandboxCheckout,
  SandboxInvoice,
} from '../billing/types';

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

export function makeCustomer(overrides: Partial<BillingCustomer> = {}): BillingCustomer {
  return {
    id: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    products: [makeCustomerProduct()],
    invoices: [makeInvoice()],
    payment_method: { brand: 'visa', last4: '4242', added_at: MARCH_3 },
    ...overrides,
  };
}
