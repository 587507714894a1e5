// Refuses what the caller's role in their workspace may not do, before any route runs: one place
// that cannot be forgotten by a new route. A read is any GET; everything else changes something.
import type { MiddlewareHandler } from 'hono';
import { can, refusalMessage, type WorkspaceAction } from '../../core/permissions.ts';
import type { AppEnv } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';

/**
 * A person's own settings and mail, theirs whatever their role (digests go to each member), and
 * accepting an invitation, which joins another workspace.
 */
const PERSONAL_ROUTES = [
  /^\/me$/,
  /^\/workspaces$/,
  /^\/public-config$/,
  /^\/digest-settings$/,
  /^\/reports(\/.*)?$/,
  /^\/workspace\/invitations\/accept$/,
];
const MEMBER_ROUTES = /^\/workspace\/(members|invitations)(\/.*)?$/;
/** POSTs that only read: an import's dry run and a config plan carry a file but write nothing. */
const READING_POSTS = /^\/(imports\/[^/]+\/preview|config\/plan)$/;

/** What a request to /api/v1 does in its workspace; null for a person's own things. */
export function actionOf(method: string, path: string): WorkspaceAction | null {
  if (PERSONAL_ROUTES.some((route) => route.test(path))) return null;
  if (method === 'GET' || method === 'HEAD' || (method === 'POST' && READING_POSTS.test(path))) return 'read';
  if (path === '/workspace' || path === '/workspace/transfer') return 'manageWorkspace';
  return MEMBER_ROUTES.test(path) ? 'manageMembers' : 'write';
}

export function roleGuard(prefix: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { workspace, user } = c.var;
    if (workspace) {
      const path = c.req.path.slice(prefix.length);
      // Anyone may leave a workspace: removing oneself is not managing members.
      const leaving = c.req.method === 'DELETE' && user !== null && path === `/workspace/members/${user.id}`;
      const action = leaving ? null : actionOf(c.req.method, path);
      if (action && workspace.requireTwoFactor && user && !user.twoFactorEnabled) {
        throw new ApiError(
          403,
          'two_factor_required',
          'This workspace requires two-factor sign-in. Turn it on in Settings → User Settings to continue.',
        );
      }
      if (action && !can(workspace.role, action)) {
        throw new ApiError(403, 'forbidden_role', refusalMessage(action, workspace.role));
      }
    }
    await next();
  };
}
