import { ChevronDown } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { billingUnits } from '../../../core/billing/items';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';
import { type PriceRow, unitsFromQuantity } from './checkout-content';

export interface PrepaidQuantityProps {
  row: PriceRow;
  label: string;
  /** Renewing keeps the quantity the customer already has (SPEC.md §4). */
  locked: boolean;
  /** Re-runs the preview with this many packs; resolves to an error message, or null when done. */
  onSave: (units: number) => Promise<string | null>;
}

/** The "Qty" chip of a prepaid price row, editing the number of packs in a popover. */
export function PrepaidQuantity({ row, label, locked, onSave }: PrepaidQuantityProps) {
  const units = billingUnits(row.item);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(String(unitsFromQuantity(row.quantity, row.item)));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const packs = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(packs) && packs >= 0;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Reopening starts from what the preview now says, not from an abandoned edit.
    if (next) {
      setValue(String(unitsFromQuantity(row.quantity, row.item)));
      setError(null);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setSaving(true);
    const failure = await onSave(packs);
    setSaving(false);
    if (failure) setError(failure);
    else setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger
        disabled={locked}
        aria-label={`${label} quantity`}
        className={cn(
          'inline-flex shrink-0 items-center gap-1 rounded-md bg-surface px-1.5 py-0.5 text-xs text-muted',
          locked ? 'cursor-not-allowed opacity-80' : 'cursor-pointer hover:text-fg',
        )}
      >
        Qty: {formatNumber(row.quantity)}
        {locked ? null : <ChevronDown className="size-3" aria-hidden />}
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80 max-w-[calc(100vw-2rem)]">
        <form onSubmit={save} className="flex flex-col gap-3">
          <div>
            <p className="font-medium">{label}</p>
            <p className="text-muted">
              {[row.item.display?.primary_text, row.item.display?.secondary_text].filter(Boolean).join(' ')}
            </p>
          </div>
          <div className="flex items-end justify-between gap-3">
            <div className="flex items-center gap-2">
              <Input
                id={inputId}
                aria-label="Packs"
                inputMode="numeric"
                className="h-8 w-16"
                value={value}
                onChange={(event) => setValue(event.target.value)}
              />
              <label htmlFor={inputId} className="text-muted">
                {units > 1 ? `× ${formatNumber(units)} ` : ''}
                {label}
              </label>
            </div>
            <Button type="submit" size="sm" variant="secondary" disabled={saving || !valid}>
              {saving ? <Spinner className="size-4" label="Saving" /> : 'Save'}
            </Button>
          </div>
          {error ? (
            <p role="alert" className="text-danger">
              {error}
            </p>
          ) : null}
        </form>
      </PopoverContent>
    </Popover>
  );
}
