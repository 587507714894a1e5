import { useMutation } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { toast } from 'sonner';
import { cardLabel } from '../../billing/labels';
import type { PaymentMethod } from '../../billing/types';
import { useOpenUrl } from '../../billing/use-open-url';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { apiSend } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';

export function PaymentMethodCard({ card }: { card: PaymentMethod | null }) {
  const timeZone = useTimeZone();
  const openUrl = useOpenUrl();
  const setup = useMutation({
    // Back to the portal once the card is saved, whichever origin the server's URLs use.
    mutationFn: () =>
      apiSend<{ url: string }>('POST', '/api/billing/setup_payment', {
        success_url: `${window.location.origin}/billing/portal`,
      }),
    onSuccess: ({ url }) => openUrl(url),
    onError: (error) => toast.error(error.message),
  });
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
        <Button variant="secondary" onClick={() => setup.mutate()} disabled={setup.isPending}>
          {card ? 'Replace card' : 'Add card'}
        </Button>
      </CardContent>
    </Card>
  );
}
