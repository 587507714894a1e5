import type { SandboxCheckout } from '../../billing/types';
import { formatDate, formatMoney } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';

/** What the checkout charges: its lines, the total due today and what the next cycle costs. */
export function OrderSummary({ checkout }: { checkout: SandboxCheckout }) {
  const timeZone = useTimeZone();
  const money = (amount: number) => formatMoney(amount, checkout.currency);
  return (
    <section aria-labelledby="order-summary" className="flex flex-col gap-4">
      <div>
        <h2 id="order-summary" className="text-sm font-medium text-muted">
          Order summary
        </h2>
        {checkout.product ? (
          <p className="mt-1 text-xl font-semibold tracking-tight">{checkout.product.name}</p>
        ) : null}
      </div>
      {checkout.lines.length > 0 ? (
        <ul className="flex flex-col gap-2 text-sm">
          {checkout.lines.map((line, index) => (
            // Lines have no id and two may read alike (a credit and a charge for one plan).
            // biome-ignore lint/suspicious/noArrayIndexKey: the server's order is the identity
            <li key={index} className="flex justify-between gap-4">
              <span className="text-muted">{line.description}</span>
              <span className="tabular-nums">{money(line.amount)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-baseline justify-between gap-4 border-t border-border pt-3">
        <span className="font-medium">Total due today</span>
        <span className="text-lg font-semibold tabular-nums">{money(checkout.total)}</span>
      </div>
      {checkout.next_cycle ? (
        <p className="text-sm text-muted">
          Then {money(checkout.next_cycle.total)} on {formatDate(checkout.next_cycle.starts_at, timeZone)}.
        </p>
      ) : null}
    </section>
  );
}
