// Test users skip password hashing: they are written straight through better-auth's adapter
// and given a signed session cookie. Only the auth tests hash passwords.
import { makeSignature } from 'better-auth/crypto';
import { uuidv7 } from 'uuidv7';
import type { Auth } from '../auth/auth.ts';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  /** A `Cookie` header value for the user's session. */
  cookie: string;
}

export async function createUser(
  auth: Auth,
  overrides: Partial<{ name: string; email: string; timezone: string }> = {},
): Promise<TestUser> {
  const ctx = await auth.$context;
  const suffix = uuidv7().slice(-12);
  const user = await ctx.internalAdapter.createUser(
    {
      name: overrides.name ?? `Test User ${suffix}`,
      email: overrides.email ?? `user-${suffix}@example.test`,
      emailVerified: false,
      timezone: overrides.timezone ?? 'UTC',
    },
    { method: 'admin' },
  );
  const session = await ctx.internalAdapter.createSession(user.id);
  const signed = `${session.token}.${await makeSignature(session.token, ctx.secret)}`;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    cookie: `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`,
  };
}
