import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { formatDate } from '../lib/format';
import { useTimeZone } from '../lib/use-time-zone';
import { cardLabel } from './labels';
import type { PaymentMethod } from './types';
import { useCustomer } from './use-customer';

/** The card on file; adding or replacing it goes through payment setup and back to `returnPath`. */
export function PaymentMethodCard({ card, returnPath }: { card: PaymentMethod | null; returnPath: string }) {
  const { setupPayment } = useCustomer();
  const timeZone = useTimeZone();
  const [busy, setBusy] = useState(false);
  const setup = async () => {
    setBusy(true);
    const result = await setupPayment({ successUrl: `${window.location.origin}${returnPath}` });
    setBusy(false);
    if (result.error) toast.error(`We couldn't start the card set-up. ${result.error.message}`);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment method</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <CreditCard className="size-6 text-muted" aria-hidden />
          {card ? (
            <div>
              <p className="font-medium">{cardLabel(card)}</p>
              <p className="text-sm text-muted">Added on {formatDate(card.added_at, timeZone)}</p>
            </div>
          ) : (
            <p className="text-muted">No payment method</p>
          )}
        </div>
        <Button variant="secondary" onClick={() => void setup()} disabled={busy}>
          {card ? 'Replace card' : 'Add card'}
        </Button>
      </CardContent>
    </Card>
  );
}
