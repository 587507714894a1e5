import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { CircleCheck, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { billingKeys, checkoutQueryOptions } from '../../billing/queries';
import type { PayRequest, SandboxCheckout } from '../../billing/types';
import { useOpenUrl } from '../../billing/use-open-url';
import { SectionError } from '../../components/section-error';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { apiSend, RequestError } from '../../lib/api';
import { CardForm } from './card-form';
import { OrderSummary } from './order-summary';

const checkoutRoute = getRouteApi('/billing/checkout/$id');
const setupRoute = getRouteApi('/billing/setup/$id');

export function CheckoutPage() {
  const { id } = checkoutRoute.useParams();
  return <PaymentSession id={id} />;
}

export function SetupPage() {
  const { id } = setupRoute.useParams();
  return <PaymentSession id={id} />;
}

export function PaymentSessionNotFound() {
  return (
    <SectionError
      title="Checkout not found"
      message="This payment link does not exist or belongs to another account."
    />
  );
}

// The session's own kind decides the page, so a set-up link opened under /checkout still
// saves a card rather than pretending to charge one.
function PaymentSession({ id }: { id: string }) {
  const { data: checkout } = useSuspenseQuery(checkoutQueryOptions(id));
  const setup = checkout.kind === 'setup';
  if (checkout.completed) return <CompletedSession checkout={checkout} />;
  if (checkout.expired) return <ExpiredSession setup={setup} />;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">
          {setup ? 'Add a payment method' : 'Checkout'}
        </h1>
        {setup ? (
          <p className="text-muted">
            Save a card for future payments. Nothing is charged now; renewals and upgrades use this card.
          </p>
        ) : (
          <OrderSummary checkout={checkout} />
        )}
      </div>
      <Card>
        <CardContent>
          <PayForm checkout={checkout} />
        </CardContent>
      </Card>
    </div>
  );
}

function PayForm({ checkout }: { checkout: SandboxCheckout }) {
  const queryClient = useQueryClient();
  const openUrl = useOpenUrl();
  const setup = checkout.kind === 'setup';
  const pay = useMutation({
    mutationFn: (card: PayRequest) =>
      apiSend<{ redirect_url: string }>(
        'POST',
        `/api/billing/sandbox/checkouts/${encodeURIComponent(checkout.id)}/pay`,
        card,
      ),
    onSuccess: async ({ redirect_url }) => {
      toast.success(setup ? 'Your card is saved.' : 'Payment succeeded.');
      void queryClient.invalidateQueries({ queryKey: billingKeys.customer() });
      await openUrl(redirect_url);
      // After leaving, so this page never flashes its "already paid" state on the way out.
      queryClient.removeQueries({ queryKey: billingKeys.checkout(checkout.id) });
    },
    onError: (error) => {
      // Paid in another tab, or timed out while open: reload the session to say so instead of the form.
      if (error instanceof RequestError && ['checkout_completed', 'checkout_expired'].includes(error.code)) {
        void queryClient.invalidateQueries({ queryKey: billingKeys.checkout(checkout.id) });
      }
    },
  });

  return (
    <CardForm
      submitLabel={setup ? 'Save card' : 'Pay'}
      busyLabel={setup ? 'Saving…' : 'Paying…'}
      busy={pay.isPending}
      error={pay.error?.message ?? null}
      onSubmit={(card) => pay.mutate(card)}
    />
  );
}

function SessionMessage({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-12 text-center">
      {icon}
      <h1 className="mt-4 text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-muted">{children}</p>
      <div className="mt-6 flex gap-3">{action}</div>
    </div>
  );
}

function CompletedSession({ checkout }: { checkout: SandboxCheckout }) {
  const openUrl = useOpenUrl();
  const setup = checkout.kind === 'setup';
  const successUrl = checkout.success_url;
  return (
    <SessionMessage
      icon={<CircleCheck className="size-12 text-accent" aria-hidden />}
      title={setup ? 'Card already saved' : 'Already paid'}
      action={
        successUrl ? (
          <Button onClick={() => void openUrl(successUrl)}>Continue</Button>
        ) : (
          <Button asChild>
            <Link to="/billing/portal">Go to billing</Link>
          </Button>
        )
      }
    >
      {setup
        ? 'This card set-up is complete. Your card is on file.'
        : 'This checkout is complete. Nothing more will be charged for it.'}
    </SessionMessage>
  );
}

function ExpiredSession({ setup }: { setup: boolean }) {
  return (
    <SessionMessage
      icon={<Clock className="size-12 text-muted" aria-hidden />}
      title={setup ? 'This card set-up has expired' : 'This checkout has expired'}
      action={
        <Button asChild>
          {setup ? (
            <Link to="/billing/portal">Go to billing</Link>
          ) : (
            <Link to="/pricing">Back to pricing</Link>
          )}
        </Button>
      }
    >
      Payment links last 24 hours and nothing was charged. Start again to get a new one.
    </SessionMessage>
  );
}
