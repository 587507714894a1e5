import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { SessionData } from './auth-client';
import { sessionQueryOptions } from './session';

/** The current session, or null when signed out or when the server cannot say. */
export async function loadSession(queryClient: QueryClient): Promise<SessionData | null> {
  try {
    return await queryClient.ensureQueryData(sessionQueryOptions);
  } catch (error) {
    console.error('Could not load the session', error);
    return null;
  }
}

/** Public pages meant for visitors (landing, sign-in, sign-up) send signed-in users on. */
export async function redirectSignedIn(queryClient: QueryClient): Promise<void> {
  if (await loadSession(queryClient)) throw redirect({ to: '/dashboard' });
}
