import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { FormError } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { formatDate, formatMoney } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';
import type { CheckoutParams, CheckoutResult } from '../api-types';
import { useBillingClient } from '../billing-context';
import type { BillingDialogProps } from '../dialog';
import { useCustomer } from '../use-customer';
import {
  checkoutContent,
  hasUsagePrices,
  lostFeatures,
  optionInputs,
  type PriceRow,
  priceRows,
  quantityFromUnits,
  showsNextCycle,
} from './checkout-content';
import { PrepaidQuantity } from './prepaid-quantity';
import { isPlanId, RetentionNotice } from './retention-notice';

type Item = CheckoutResult['product']['items'][number];

/** "monitors" → "Monitors": the preview's items carry a feature id, not its name. */
function featureLabel(item: Item, oneOff: boolean): string {
  const named = (item as Item & { feature?: { name?: string } }).feature?.name;
  if (named) return named;
  if (!item.feature_id) return oneOff ? 'Price' : 'Subscription';
  const words = item.feature_id.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function displayText(item: Item): string {
  return [item.display?.primary_text, item.display?.secondary_text].filter(Boolean).join(' ');
}

/**
 * The preview being shown: the one the dialog opened with, or the last one a quantity change
 * fetched for it. Keyed on the opening preview, so the next opening starts afresh.
 */
function usePreview(checkoutResult: CheckoutResult | undefined, checkoutParams: CheckoutParams | undefined) {
  const [edited, setEdited] = useState<{ base: CheckoutResult; result: CheckoutResult } | null>(null);
  const result = edited && edited.base === checkoutResult ? edited.result : checkoutResult;
  const replace = (next: CheckoutResult) => {
    if (checkoutResult) setEdited({ base: checkoutResult, result: next });
  };
  return { result, params: checkoutParams ?? {}, replace };
}

/**
 * SPEC.md §4 checkout confirmation: the scenario's title and message, the price rows (prepaid
 * quantities editable), prorations, what is due today and next cycle; Confirm attaches.
 */
export function CheckoutDialog({ open, setOpen, checkoutResult, checkoutParams }: BillingDialogProps) {
  const { attach } = useCustomer();
  const client = useBillingClient();
  const timeZone = useTimeZone();
  const { result, params, replace } = usePreview(checkoutResult, checkoutParams);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!result) return null;

  const date = (at: number) => formatDate(at, timeZone);
  const money = (amount: number) => formatMoney(amount, result.currency);
  const content = checkoutContent(result, date);
  const rows = priceRows(result);
  const lost = lostFeatures(result);
  const oneOff = result.product.properties.is_one_off;
  const locked = result.product.scenario === 'renew';

  const saveQuantity = async (row: PriceRow, units: number): Promise<string | null> => {
    const options = optionInputs(result).filter((option) => option.featureId !== row.item.feature_id);
    options.push({ featureId: row.item.feature_id ?? '', quantity: quantityFromUnits(units, row.item) });
    const next = await client.checkout({ ...params, productId: result.product.id, options });
    if (next.error) return next.error.message; // already logged by the client; the old preview stays
    replace(next.data);
    return null;
  };

  const confirm = async () => {
    setConfirming(true);
    setError(null);
    const outcome = await attach({ ...params, productId: result.product.id, options: optionInputs(result) });
    setConfirming(false);
    if (outcome.error) setError(outcome.error.message);
  };

  const onOpenChange = (next: boolean) => {
    if (!next) setError(null);
    setOpen(next);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={content.title} description={content.message} className="max-w-lg">
        <div className="flex flex-col gap-4 text-sm">
          {lost.length > 0 ? (
            <div>
              <p className="font-medium">You will lose</p>
              <ul className="mt-1 list-disc pl-5 text-muted">
                {lost.map((label) => (
                  <li key={label}>{label}</li>
                ))}
              </ul>
            </div>
          ) : null}

          {result.product.scenario === 'downgrade' && isPlanId(result.product.id) ? (
            <RetentionNotice plan={result.product.id} />
          ) : null}

          {rows.length > 0 ? (
            <section aria-label="Price" className="flex flex-col gap-2">
              <p className="font-medium">Price</p>
              {rows.map((row) => {
                const label = featureLabel(row.item, oneOff);
                return (
                  <div
                    key={`${row.item.type}-${row.item.feature_id ?? ''}`}
                    className="flex justify-between gap-3"
                  >
                    <span className="flex items-start gap-2 text-muted">
                      {label}
                      {row.prepaid ? (
                        <PrepaidQuantity
                          row={row}
                          label={label}
                          locked={locked}
                          onSave={(units) => saveQuantity(row, units)}
                        />
                      ) : null}
                    </span>
                    <span className="text-right">{displayText(row.item)}</span>
                  </div>
                );
              })}
            </section>
          ) : null}

          {!result.product.properties.is_free ? (
            <section aria-label="Amounts" className="flex flex-col gap-2 border-t border-border pt-3">
              {result.has_prorations && result.lines.length > 0 ? (
                <ul aria-label="Prorations" className="flex flex-col gap-1 text-muted">
                  {result.lines
                    .filter((line) => line.amount !== 0)
                    .map((line) => (
                      <li key={`${line.description}-${line.amount}`} className="flex justify-between gap-4">
                        <span>{line.description}</span>
                        <span className="tabular-nums">{money(line.amount)}</span>
                      </li>
                    ))}
                </ul>
              ) : null}
              <p className="flex justify-between gap-4 font-medium">
                <span>Due today</span>
                <span className="tabular-nums">{money(result.total)}</span>
              </p>
              {showsNextCycle(result) && result.next_cycle ? (
                <p className="flex justify-between gap-4 text-muted">
                  <span>Due next cycle ({date(result.next_cycle.starts_at)})</span>
                  <span className="tabular-nums">
                    {money(result.next_cycle.total)}
                    {hasUsagePrices(result) ? ' + usage prices' : ''}
                  </span>
                </p>
              ) : null}
            </section>
          ) : null}

          <FormError>{error}</FormError>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Close</Button>
            </DialogClose>
            <Button onClick={confirm} disabled={confirming}>
              {confirming ? <Spinner className="size-4 text-accent-fg" label="Confirming" /> : null}
              Confirm
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
