import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import { type AppEnv, type BearerAuthenticator, bearerToken } from '../platform/http/caller.ts';
import { activeWorkspace } from '../workspaces/active.ts';
import type { Auth } from './auth.ts';

/**
 * Resolves the caller into `c.var.user`: from a bearer API key when the request carries one
 * (it wins over a cookie sent alongside), otherwise from the session cookie (if any). Without
 * an authenticator (the billing routes, cookie only) a bearer header is ignored.
 */
export function loadSession(
  auth: Auth,
  db: Kysely<Database>,
  authenticateBearer?: BearerAuthenticator,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token !== null && authenticateBearer) {
      const { user, keyId, workspace } = await authenticateBearer(token);
      c.set('user', user);
      c.set('apiKeyId', keyId);
      c.set('sessionId', null);
      // A key works in the workspace it was made in, with its own role there.
      c.set('workspace', workspace);
      return next();
    }
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    const user = session?.user;
    c.set('apiKeyId', null);
    c.set('sessionId', session?.session.id ?? null);
    c.set(
      'workspace',
      user ? await activeWorkspace(db, user.id, session.session.activeOrganizationId ?? null) : null,
    );
    c.set(
      'user',
      user
        ? {
            id: user.id,
            name: user.name,
            email: user.email,
            timezone: user.timezone ?? 'UTC',
            createdAt: new Date(user.createdAt).getTime(),
            twoFactorEnabled: Boolean(user.twoFactorEnabled),
          }
        : null,
    );
    return next();
  };
}
