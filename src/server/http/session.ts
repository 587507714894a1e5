import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../auth/auth.ts';
import { ApiError } from './errors.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  timezone: string;
  createdAt: number;
}

export interface AppEnv {
  Variables: { user: SessionUser | null };
}

/** Resolves the session cookie (if any) into `c.var.user`. */
export function loadSession(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    const user = session?.user;
    c.set(
      'user',
      user
        ? {
            id: user.id,
            name: user.name,
            email: user.email,
            timezone: user.timezone ?? 'UTC',
            createdAt: new Date(user.createdAt).getTime(),
          }
        : null,
    );
    return next();
  };
}

export function requireUser(c: { var: AppEnv['Variables'] }): SessionUser {
  if (!c.var.user) throw new ApiError(401, 'unauthorized', 'Sign in to continue.');
  return c.var.user;
}
