import { useActiveWorkspace } from '../../lib/workspaces';

/** The workspace everything on screen belongs to, beside the logo. */
export function WorkspaceName() {
  const workspace = useActiveWorkspace();
  if (!workspace) return null;
  return (
    <p className="flex min-w-0 max-w-36 items-center gap-2 text-sm font-medium sm:max-w-64">
      <span aria-hidden className="text-muted">
        /
      </span>
      <span className="sr-only">Workspace: </span>
      <span className="truncate" title={workspace.name}>
        {workspace.name}
      </span>
    </p>
  );
}
