import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient({
  plugins: [
    inferAdditionalFields({
      user: {
        timezone: { type: 'string', required: false },
        twoFactorEnabled: { type: 'boolean', required: false },
      },
    }),
  ],
  fetchOptions: {
    // better-auth captures `fetch` when the client is created; resolving it per call keeps
    // the client on whatever fetch is current (tests stub it after import).
    customFetchImpl: (input, init) => globalThis.fetch(input, init),
  },
});

export type SessionData = typeof authClient.$Infer.Session;
export type SessionUser = SessionData['user'];

/** better-auth answers `{ message, code }`; a message may be missing for network failures. */
export function authErrorMessage(error: { message?: string | undefined } | null, fallback: string): string {
  return error?.message?.trim() || fallback;
}
