// Workspaces are better-auth's organizations (issue 18): these tables keep its shapes.
import type { WorkspaceRole } from '../../../core/api/workspaces.ts';

type AuthDate = Date | string;

export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: AuthDate;
  metadata: string | null;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: WorkspaceRole;
  createdAt: AuthDate;
}

export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: WorkspaceRole | null;
  status: 'pending' | 'accepted' | 'rejected' | 'canceled';
  expiresAt: AuthDate;
  createdAt: AuthDate;
  inviterId: string;
}

export interface WorkspaceTables {
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
}
