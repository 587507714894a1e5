// BILLING.md §10 pricing-table button: its text and whether it can be pressed, from the product's
// scenario for this customer. Kept pure so the table of cases is tested as a table.
import type { BillingProduct } from '../api-types';

export interface ButtonContent {
  text: string;
  disabled: boolean;
}

function scenarioText(product: BillingProduct): string {
  const { is_one_off, updateable, has_trial } = product.properties;
  if (has_trial) return 'Start Free Trial';
  switch (product.scenario) {
    case 'scheduled':
      return 'Plan Scheduled';
    case 'active':
      return updateable ? 'Update Plan' : 'Current Plan';
    case 'new':
      return is_one_off ? 'Purchase' : 'Get started';
    case 'renew':
      return 'Renew';
    case 'upgrade':
      return 'Upgrade';
    case 'downgrade':
      return 'Downgrade';
    case 'cancel':
      return 'Cancel Plan';
    default:
      return 'Get started';
  }
}

/** A per-plan `button_text` override wins over the scenario's words, never over the disabled rule. */
export function buttonContent(product: BillingProduct): ButtonContent {
  const { scenario, properties } = product;
  return {
    text: product.display?.button_text || scenarioText(product),
    disabled: (scenario === 'active' && !properties.updateable) || scenario === 'scheduled',
  };
}
