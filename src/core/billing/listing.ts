// The catalogue as the local provider's `/products` lists it for one customer, or for a visitor
// (no customer yet). The server answers with it, and the prerendered pricing page paints with it.
import { presentProduct } from './catalogue.ts';
import { scenarioFor } from './scenario.ts';
import type { Catalogue, CustomerProduct } from './types.ts';

export function listProducts(
  catalogue: Catalogue,
  owned: readonly CustomerProduct[] | null,
  trialsUsed: readonly string[],
) {
  return catalogue.products.map((product) => {
    const shown = presentProduct(catalogue, product);
    return {
      ...shown,
      env: 'sandbox' as const,
      archived: false,
      free_trial: shown.free_trial && {
        ...shown.free_trial,
        trial_available: !trialsUsed.includes(product.id),
      },
      scenario: scenarioFor(owned, product),
    };
  });
}
