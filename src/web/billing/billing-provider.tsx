/**
 * BillingProvider: the signed-in customer, the billing client and the §4 dialog host.
 *
 * Mounted once for the whole app (routes/root.tsx). Anything below it may use the hooks:
 *
 *   const { customer, check, checkout, attach } = useCustomer();
 *   // gate a button without a request (SPEC.md §5); a denied check opens the dialog given
 *   if (!check({ featureId: 'webhooks', dialog: PaywallDialog }).data.allowed) return;
 *   // pricing button: goes to the payment page, or opens CheckoutDialog with the preview
 *   await checkout({ productId: 'starter', dialog: CheckoutDialog });
 *   // inside CheckoutDialog's Confirm (the dialog is open, so this attaches and closes it)
 *   await attach({ productId, options: [{ featureId: 'monitors', quantity: 20 }] });
 *
 *   const { products } = usePricingTable({ productDetails });       // no auto-refresh
 *   const { plan, paid, isPro, limits, remaining } = usePlan();        // effective plan
 *   const { data } = useAnalytics({ featureId: 'performance_runs', range: '30d' });
 *   const { entity, track } = useEntity('site-1');                     // calls scoped to it
 *
 * A dialog is any component taking BillingDialogProps (`open`, `setOpen`, and the
 * `checkoutResult` / `preview` / `featureId` of the call that opened it); the provider renders
 * it and clears its props 200 ms after it closes. Calls return `{data, error}`; errors are
 * RequestError `{message, code}` and are already logged with a `[billing]` tag.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RequestError } from '../lib/api';
import { BillingContext, type BillingContextValue } from './billing-context';
import { type BillingClientOptions, createBillingClient } from './client';
import { devMockCustomer, devMockEnabled } from './dev-mock';
import { type BillingDialog, DIALOG_RESET_MS, type DialogPayload } from './dialog';
import type { Entitlements } from './entitlements';
import type { FlowEffects } from './flows';
import { billingKeys, customerQueryOptions } from './queries';
import { useOpenUrl } from './use-open-url';

export interface BillingProviderProps extends BillingClientOptions {
  children: ReactNode;
  /** Fetch the customer; false for signed-out visitors, for whom billing has no data. */
  enabled?: boolean;
  /** True while it is not yet known whether someone is signed in: billing reports loading. */
  pending?: boolean;
}

interface DialogState {
  component: BillingDialog | null;
  payload: DialogPayload;
  open: boolean;
}

const CLOSED: DialogState = { component: null, payload: {}, open: false };

function useDialogHost() {
  const [state, setState] = useState<DialogState>(CLOSED);
  const isOpen = useRef(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const open = useCallback((component: BillingDialog, payload: DialogPayload) => {
    clearTimeout(resetTimer.current);
    isOpen.current = true;
    setState({ component, payload, open: true });
  }, []);
  const setOpen = useCallback((next: boolean) => {
    clearTimeout(resetTimer.current);
    isOpen.current = next;
    setState((current) => ({ ...current, open: next }));
    if (!next) resetTimer.current = setTimeout(() => setState(CLOSED), DIALOG_RESET_MS);
  }, []);
  useEffect(() => () => clearTimeout(resetTimer.current), []);
  return { state, open, setOpen, isOpen };
}

function useEntitlements(enabled: boolean, pending: boolean, client: BillingContextValue['client']) {
  const query = useQuery({ ...customerQueryOptions(client), enabled: enabled && !pending });
  // `import.meta.env.DEV` inline, so a production build drops the mock code altogether.
  const mock = import.meta.env.DEV && devMockEnabled();
  const mockCustomer = useMemo(() => (mock ? devMockCustomer() : null), [mock]);
  let status: Entitlements['status'] = 'no_data';
  let customer: Entitlements['customer'] = null;
  if (query.data) [status, customer] = ['ready', query.data];
  else if (mockCustomer) [status, customer] = ['ready', mockCustomer];
  else if (pending || (enabled && query.isPending)) status = 'loading';
  const entitlements = useMemo<Entitlements>(() => ({ status, customer }), [status, customer]);
  return {
    entitlements,
    isMock: !query.data && mock,
    error: (query.error as RequestError | null) ?? null,
  };
}

export function BillingProvider({
  children,
  enabled = true,
  pending = false,
  backendUrl,
  getBearerToken,
  headers,
  customerData,
}: BillingProviderProps) {
  // The client reads these per request, so new values apply without losing the CORS probe.
  const latest = useRef<BillingClientOptions>({});
  latest.current.getBearerToken = getBearerToken;
  latest.current.headers = headers;
  latest.current.customerData = customerData;
  const client = useMemo(
    () =>
      createBillingClient({
        backendUrl,
        getBearerToken: () => latest.current.getBearerToken?.(),
        get headers() {
          return latest.current.headers;
        },
        get customerData() {
          return latest.current.customerData;
        },
      }),
    [backendUrl],
  );

  const queryClient = useQueryClient();
  const openUrl = useOpenUrl();
  const dialog = useDialogHost();
  const { entitlements, isMock, error } = useEntitlements(enabled, pending, client);

  const effects = useMemo<FlowEffects>(
    () => ({
      client,
      openDialog: dialog.open,
      closeDialog: () => dialog.setOpen(false),
      isDialogOpen: () => dialog.isOpen.current,
      openUrl: (url, newTab) => {
        if (newTab) window.open(url, '_blank', 'noopener,noreferrer');
        else return openUrl(url);
      },
      refetchCustomer: () => queryClient.invalidateQueries({ queryKey: billingKeys.customer() }),
      refetchProducts: () => queryClient.invalidateQueries({ queryKey: billingKeys.products() }),
    }),
    [client, dialog.open, dialog.setOpen, dialog.isOpen, openUrl, queryClient],
  );

  const value = useMemo<BillingContextValue>(
    () => ({ client, entitlements, isMock, customerError: error, effects }),
    [client, entitlements, isMock, error, effects],
  );

  const Dialog = dialog.state.component;
  return (
    <BillingContext.Provider value={value}>
      {children}
      {/* A dialog may be lazy (the pricing table's is): nothing shows until its code is here. */}
      {Dialog ? (
        <Suspense fallback={null}>
          <Dialog {...dialog.state.payload} open={dialog.state.open} setOpen={dialog.setOpen} />
        </Suspense>
      ) : null}
    </BillingContext.Provider>
  );
}
