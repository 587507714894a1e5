import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { PayRequest } from '../../billing/types';
import { Button } from '../../components/ui/button';
import { Field, FormError, Input, Label } from '../../components/ui/input';
import { formatCardNumber, formatCvc, formatExpiry } from './card-input';
import { SandboxNote } from './sandbox-note';

const EMPTY: PayRequest = { card_number: '', expiry: '', cvc: '', name: '' };

/**
 * The card fields of the sandbox checkout and set-up pages. A refusal is shown above the button
 * and the typed values stay, so the user can fix one field and try again.
 */
export function CardForm({
  submitLabel,
  busyLabel,
  busy,
  error,
  onSubmit,
}: {
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (card: PayRequest) => void;
}) {
  const [card, setCard] = useState(EMPTY);
  const set = (field: keyof PayRequest, value: string) =>
    setCard((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ ...card, expiry: card.expiry.replace(/\s/g, ''), name: card.name.trim() });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy}>
      <SandboxNote onUseCard={(number) => set('card_number', number)} />
      <Field>
        <Label htmlFor="card-number">Card number</Label>
        <Input
          id="card-number"
          required
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={card.card_number}
          onChange={(event) => set('card_number', formatCardNumber(event.target.value))}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field>
          <Label htmlFor="card-expiry">Expiry</Label>
          <Input
            id="card-expiry"
            required
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={card.expiry}
            onChange={(event) => set('expiry', formatExpiry(event.target.value, card.expiry))}
          />
        </Field>
        <Field>
          <Label htmlFor="card-cvc">CVC</Label>
          <Input
            id="card-cvc"
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={card.cvc}
            onChange={(event) => set('cvc', formatCvc(event.target.value))}
          />
        </Field>
      </div>
      <Field>
        <Label htmlFor="card-name">Name on card</Label>
        <Input
          id="card-name"
          required
          autoComplete="cc-name"
          value={card.name}
          onChange={(event) => set('name', event.target.value)}
        />
      </Field>
      <FormError>{error}</FormError>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? (
          <>
            <LoaderCircle className="size-4 animate-spin" aria-hidden />
            {busyLabel}
          </>
        ) : (
          submitLabel
        )}
      </Button>
    </form>
  );
}
