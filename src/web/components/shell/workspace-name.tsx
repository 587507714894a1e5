import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Check, ChevronsUpDown } from 'lucide-react';
import type { Workspace } from '../../../core/api/workspaces';
import { apiSend } from '../../lib/api';
import { workspacesQueryOptions } from '../../lib/workspaces';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

function Name({ workspace }: { workspace: Workspace }) {
  return (
    <span className="truncate" title={workspace.name}>
      {workspace.name}
    </span>
  );
}

/**
 * The workspace everything on screen belongs to, beside the logo; with more than one, a menu
 * switches between them (the session remembers the choice).
 */
export function WorkspaceName() {
  const { data } = useQuery(workspacesQueryOptions);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const workspaces = data?.workspaces ?? [];
  const active = workspaces.find((workspace) => workspace.active);
  if (!active) return null;

  const switchTo = async (id: string) => {
    await apiSend('POST', '/api/auth/organization/set-active', { organizationId: id });
    // Everything loaded so far belongs to the workspace left behind.
    queryClient.clear();
    await navigate({ to: '/dashboard' });
  };

  return (
    <div className="flex min-w-0 max-w-36 items-center gap-2 text-sm font-medium sm:max-w-64">
      <span aria-hidden className="text-muted">
        /
      </span>
      {workspaces.length < 2 ? (
        <p className="flex min-w-0">
          <span className="sr-only">Workspace: </span>
          <Name workspace={active} />
        </p>
      ) : (
        <DropdownMenu>
          <DropdownMenuTrigger
            aria-label={`Workspace: ${active.name}. Switch workspace`}
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
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </div>
  );
}
