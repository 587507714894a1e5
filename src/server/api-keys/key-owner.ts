// The owner of the workspace an `api_keys` row belongs to, as a subquery: the person a key acts as
// once its maker's account is gone, and whose keys only they may revoke.
import { sql } from 'kysely';

export const workspaceOwnerId = sql<
  string | null
>`(select m."userId" from "member" m where m."organizationId" = "api_keys"."workspace_id" and m."role" = 'owner' limit 1)`;
