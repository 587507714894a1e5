// better-auth's organization plugin keeps workspaces in its tables, but its own routes know
// nothing of Upwatch's role table, limits and audit log (an admin could rename the workspace or
// turn off the owner's two-factor rule through them). Every workspace, member, invitation and
// role change goes through /api/v1; of the plugin's routes only choosing the session's
// workspace stays, which better-auth allows only into a workspace the person belongs to.
import { APIError, createAuthMiddleware } from 'better-auth/api';

const PREFIX = '/organization/';
/** What the web app calls: the workspace switcher. */
export const OPEN_ORGANIZATION_ROUTES: ReadonlySet<string> = new Set(['/organization/set-active']);

/** A before-hook refusing every other /organization/* route, those of future versions included. */
export const refuseOrganizationRoutes = createAuthMiddleware(async (ctx) => {
  if (!ctx.path.startsWith(PREFIX) || OPEN_ORGANIZATION_ROUTES.has(ctx.path)) return;
  throw new APIError('NOT_FOUND', {
    code: 'use_api_v1',
    message: 'Workspaces, members and invitations are managed through /api/v1/workspace.',
  });
});
