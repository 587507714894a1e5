import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Check, ChevronsUpDown, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Workspace } from '../../../core/api/workspaces';
import { apiSend } from '../../lib/api';
import { startOverInWorkspace, workspacesQueryOptions } from '../../lib/workspaces';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

function Name({ workspace }: { workspace: Workspace }) {
  return (
    <span className="truncate" title={workspace.name}>
      {workspace.name}
    </span>
  );
}

// Loaded when asked for: the header is on the dashboard's first screen.
const CreateWorkspaceDialog = lazy(() =>
  import('./create-workspace-dialog').then((module) => ({ default: module.CreateWorkspaceDialog })),
);

/**
 * The workspace everything on screen belongs to, beside the logo; its menu switches to another
 * (the session remembers the choice) or creates one.
 */
export function WorkspaceName() {
  const { data } = useQuery(workspacesQueryOptions);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const workspaces = data?.workspaces ?? [];
  const active = workspaces.find((workspace) => workspace.active);
  if (!active) return null;

  const switchTo = async (id: string) => {
    await apiSend('POST', '/api/auth/organization/set-active', { organizationId: id });
    // Everything loaded so far belongs to the workspace left behind.
    await startOverInWorkspace(queryClient);
    await navigate({ to: '/dashboard' });
  };

  return (
    <div className="flex min-w-0 max-w-36 items-center gap-2 text-sm font-medium sm:max-w-64">
      <span aria-hidden className="text-muted">
        /
      </span>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Workspace: ${active.name}. Switch or create a workspace`}
          className="flex min-w-0 cursor-pointer items-center gap-1 rounded-ui px-1.5 py-1 hover:bg-surface"
        >
          <Name workspace={active} />
          <ChevronsUpDown className="size-3.5 shrink-0 text-muted" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          {workspaces.map((workspace) => (
            <DropdownMenuItem key={workspace.id} onSelect={() => void switchTo(workspace.id)}>
              <Check className={workspace.active ? 'size-4' : 'size-4 opacity-0'} aria-hidden />
              {workspace.name}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden />
            Create workspace
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {creating ? (
        <Suspense fallback={null}>
          <CreateWorkspaceDialog onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
