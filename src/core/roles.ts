// A workspace's roles, from most to least trusted: each may do everything the ones after it may.
// Kept apart from the API schemas so the dashboard's first screen needs no schema library.
export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
