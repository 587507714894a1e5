// Who is calling: the session user, the workspace they work in and their role there, and the
// guards routes use to require them. The auth slice fills these in (auth/load-session.ts).
import type { WorkspaceRole } from '../../../core/api/workspaces.ts';
import { ApiError } from './errors.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  timezone: string;
  createdAt: number;
  twoFactorEnabled: boolean;
}

/** The workspace a request works in and the caller's role there. */
export interface WorkspaceAccess {
  id: string;
  role: WorkspaceRole;
  /** Its owner requires two-factor sign-in of every member. */
  requireTwoFactor: boolean;
}

export interface AppEnv {
  /** `apiKeyId` is set when the request authenticated with an API key instead of the cookie. */
  Variables: {
    user: SessionUser | null;
    apiKeyId: string | null;
    workspace: WorkspaceAccess | null;
    /** The cookie session's id (null for an API key or no session): accepting an invitation switches it. */
    sessionId: string | null;
    /** The client's IP address (behind a trusted proxy, the one it saw), for the audit log. */
    clientAddress: string | null;
  };
}

/** Checks a bearer token; throws an ApiError (401, 403 or 429) when it may not be used. */
export type BearerAuthenticator = (
  token: string,
) => Promise<{ user: SessionUser; keyId: string; workspace: WorkspaceAccess }>;

/** The token of an `Authorization: Bearer …` header, or null for no header or another scheme. */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^\s*bearer(?:\s+(.*))?$/i);
  return match ? (match[1] ?? '').trim() : null;
}

export function requireUser(c: { var: AppEnv['Variables'] }): SessionUser {
  if (!c.var.user) throw new ApiError(401, 'unauthorized', 'Sign in to continue.');
  return c.var.user;
}

/**
 * The workspace the caller works in: everything a route reads or writes for them belongs to it
 * (monitors, channels, incidents…), never to the person.
 */
export function requireWorkspace(c: { var: AppEnv['Variables'] }): WorkspaceAccess {
  requireUser(c);
  if (!c.var.workspace) throw new ApiError(401, 'unauthorized', 'Sign in to continue.');
  return c.var.workspace;
}

/**
 * Who acts and where: the workspace a change belongs to, the person it is recorded as (an API
 * key's maker), the key when one was used, and the client's address for the audit log.
 */
export interface Caller {
  workspaceId: string;
  actorId: string;
  actorName: string;
  apiKeyId: string | null;
  address: string | null;
}

export function requireCaller(c: { var: AppEnv['Variables'] }): Caller {
  const user = requireUser(c);
  return {
    workspaceId: requireWorkspace(c).id,
    actorId: user.id,
    actorName: user.name,
    apiKeyId: c.var.apiKeyId,
    address: c.var.clientAddress ?? null,
  };
}

/** For routes a key must not reach (managing keys): the signed-in user of a cookie session. */
export function requireSessionUser(c: { var: AppEnv['Variables'] }): SessionUser {
  if (c.var.apiKeyId)
    throw new ApiError(
      403,
      'session_required',
      'API keys are managed in the app while signed in; an API key cannot list, create or revoke keys.',
    );
  return requireUser(c);
}
