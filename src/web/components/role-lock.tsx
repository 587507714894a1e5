// Write controls a viewer sees but may not use (issue 39, item 8): disabled before anything is
// sent, with the reason as a tooltip and as the control's accessible description. The server
// refuses by the same table (src/core/permissions.ts); these only say so sooner.
import { type ReactNode, useId } from 'react';
import type { WorkspaceAction } from '../../core/permissions';
import { cn } from '../lib/cn';
import { useActiveWorkspace, useRoleLock } from '../lib/workspaces';
import { Button, type ButtonProps } from './ui/button';

/** A Button that is disabled, with its reason, when the caller's role may not do `action`. */
export function WriteButton({
  action = 'write',
  disabled,
  ...props
}: Omit<ButtonProps, 'asChild'> & { action?: WorkspaceAction }) {
  const reason = useRoleLock(action);
  const id = useId();
  if (!reason) return <Button disabled={disabled} {...props} />;
  const describedBy = [props['aria-describedby'], id].filter(Boolean).join(' ');
  // A disabled button takes no pointer events, so the tooltip sits on a wrapper around it.
  return (
    <span title={reason} className="inline-flex">
      <Button {...props} disabled aria-describedby={describedBy} />
      <span id={id} hidden>
        {reason}
      </span>
    </span>
  );
}

/** A form whose every field and button is disabled, under a note saying why, when the role may not. */
export function WriteFieldset({
  action = 'write',
  className,
  children,
}: {
  action?: WorkspaceAction;
  className?: string;
  children: ReactNode;
}) {
  const reason = useRoleLock(action);
  return (
    <fieldset disabled={reason !== null} title={reason ?? undefined} className={cn('min-w-0', className)}>
      {reason ? <p className="mb-3 text-sm text-muted">{reason}</p> : null}
      {children}
    </fieldset>
  );
}

/** Says once, above every dashboard screen, that a viewer reads but does not change. */
export function ReadOnlyNotice() {
  const workspace = useActiveWorkspace();
  if (workspace?.role !== 'viewer') return null;
  return (
    <p className="mb-6 rounded-ui border border-border bg-bg px-4 py-3 text-sm text-muted">
      You're a viewer in {workspace.name}: you can see everything here, but not change it. Ask an admin if you
      need to.
    </p>
  );
}
