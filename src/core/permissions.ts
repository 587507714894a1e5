// Who may do what in a workspace (issue 18): one table of role × action. The server refuses by
// it (403 forbidden_role) and the web app shows or hides buttons by it.
import { WORKSPACE_ROLES, type WorkspaceRole } from './roles.ts';

export type WorkspaceAction =
  /** See anything in the workspace. */
  | 'read'
  /** Create, change and delete monitors, channels, incidents, status pages, deployments, performance sites and API keys. */
  | 'write'
  /** Invite, remove and change the role of members. */
  | 'manageMembers'
  /** Read the outbox: kept mail holds invitation links and subscribers' confirm and unsubscribe links. */
  | 'readOutbox'
  /** See and change the plan, payment and invoices. */
  | 'manageBilling'
  /** Rename, transfer or delete the workspace. */
  | 'manageWorkspace';

export const PERMISSIONS: Readonly<Record<WorkspaceAction, readonly WorkspaceRole[]>> = {
  read: ['owner', 'admin', 'member', 'viewer'],
  write: ['owner', 'admin', 'member'],
  manageMembers: ['owner', 'admin'],
  readOutbox: ['owner', 'admin'],
  manageBilling: ['owner'],
  manageWorkspace: ['owner'],
};

export function can(role: WorkspaceRole, action: WorkspaceAction): boolean {
  return PERMISSIONS[action].includes(role);
}

/** The least trusted role that may do `action` (roles are ordered; each may do what later ones may). */
export function roleNeeded(action: WorkspaceAction): WorkspaceRole {
  const allowed = PERMISSIONS[action];
  return [...WORKSPACE_ROLES].reverse().find((role) => allowed.includes(role)) ?? 'owner';
}

/** "Creating and changing things here needs the member role or higher; you are a viewer." */
export function refusalMessage(action: WorkspaceAction, role: WorkspaceRole): string {
  const needed = roleNeeded(action);
  const higher = needed === 'owner' ? 'the owner role' : `the ${needed} role or higher`;
  return `${ACTION_TEXT[action]} needs ${higher}; you are ${role === 'admin' || role === 'owner' ? 'an' : 'a'} ${role} in this workspace.`;
}

const ACTION_TEXT: Record<WorkspaceAction, string> = {
  read: 'Seeing this workspace',
  write: 'Creating, changing or deleting things in this workspace',
  manageMembers: "Managing this workspace's members",
  readOutbox: "Reading this workspace's outbox",
  manageBilling: "This workspace's billing",
  manageWorkspace: 'Renaming, transferring or deleting this workspace',
};
