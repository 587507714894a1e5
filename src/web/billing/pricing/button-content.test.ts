import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../core/billing/scenario';
import type { ProductProperties } from '../../../core/billing/types';
import { makeBillingProduct } from '../../test/billing';
import { buttonContent } from './button-content';

const plain: ProductProperties = {
  is_free: false,
  is_one_off: false,
  interval_group: 'month',
  has_trial: false,
  updateable: false,
};

describe('buttonContent (BILLING.md §10)', () => {
  it.each<[Scenario, Partial<ProductProperties>, string, boolean]>([
    ['new', { has_trial: true }, 'Start Free Trial', false],
    ['scheduled', {}, 'Plan Scheduled', true],
    ['active', { updateable: true }, 'Update Plan', false],
    ['active', {}, 'Current Plan', true],
    ['new', {}, 'Get started', false],
    ['new', { is_one_off: true }, 'Purchase', false],
    ['renew', {}, 'Renew', false],
    ['upgrade', {}, 'Upgrade', false],
    ['downgrade', {}, 'Downgrade', false],
    ['cancel', {}, 'Cancel Plan', false],
  ])('%s with %o reads "%s" (disabled: %s)', (scenario, properties, text, disabled) => {
    const product = makeBillingProduct({ scenario, properties: { ...plain, ...properties } });
    expect(buttonContent(product)).toEqual({ text, disabled });
  });

  it('takes a per-plan button text but keeps the scenario deciding whether it can be pressed', () => {
    const product = makeBillingProduct({ scenario: 'active', display: { button_text: 'Your plan' } });
    expect(buttonContent(product)).toEqual({ text: 'Your plan', disabled: true });
  });
});
