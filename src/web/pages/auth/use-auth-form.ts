import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { authErrorMessage } from '../../lib/auth-client';
import { warmFormatters } from '../../lib/format';
import { prefetchDashboardHome } from '../../lib/monitors';
import { takeInvitationPath } from '../../lib/pending-invitation';
import { sessionQueryOptions } from '../../lib/session';
import { browserTimeZone } from '../../lib/time-zones';

/** `halt`: the request went through but sign-in needs another step (a two-factor code). */
type AuthResult = { error: { message?: string | undefined } | null; halt?: boolean };

/** Submits an auth form, shows the server's own message on failure, enters the dashboard on success. */
export function useAuthForm(submit: (form: FormData) => Promise<AuthResult>, fallbackError: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // The dashboard's code loads, and its formatters are built, while the person types, not after
  // the sign-in answers.
  useEffect(() => {
    void router.preloadRoute({ to: '/dashboard' }).catch(() => undefined);
    warmFormatters(browserTimeZone());
  }, [router]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      const result = await submit(new FormData(event.currentTarget));
      if (result.error) {
        setError(authErrorMessage(result.error, fallbackError));
        return;
      }
      if (result.halt) return;
      // The session, the dashboard's data and its screen's code are fetched side by side: one
      // round trip between the sign-in answer and the monitor list, not three in a row.
      const session = queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
      prefetchDashboardHome(queryClient);
      void router.preloadRoute({ to: '/dashboard' }).catch(() => undefined);
      await session;
      // Signed up or in from an invitation link: back to it, to join.
      const invitation = takeInvitationPath();
      await (invitation ? navigate({ to: invitation }) : navigate({ to: '/dashboard' }));
    } catch (caught) {
      console.error('Authentication request failed', caught);
      setError('Could not reach the server. Check your connection and try again.');
    } finally {
      setPending(false);
    }
  };

  return { error, pending, onSubmit };
}

export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
