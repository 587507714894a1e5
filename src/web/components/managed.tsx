// Resources an upwatch.yaml manages (issue 22): the next `upwatch apply` puts the file's values
// back, so the app marks them and says so before they are edited here. Editing stays possible
// (an outage does not wait for a pull request), after the warning.
import { FileCode } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';

export const MANAGED_PILL =
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ' +
  'border-sky-500/30 bg-sky-500/10 text-sky-700 dark:text-sky-300';

export function ManagedBadge({ managedKey }: { managedKey: string | null }) {
  if (!managedKey) return null;
  return (
    <span
      className={MANAGED_PILL}
      title={`Key "${managedKey}" in upwatch.yaml: the next upwatch apply overwrites changes made here.`}
    >
      <FileCode className="size-3" aria-hidden />
      {/* On a phone the pill reads "upwatch.yaml", so it fits under a name in a list row. */}
      <span className="max-sm:sr-only">Managed by </span>upwatch.yaml
    </span>
  );
}

interface ManagedProps {
  managedKey: string;
  /** Where it sits in the file: `monitors`, `statusPages`. */
  section: string;
  /** What it is, for people: "monitor", "status page". */
  noun: string;
}

interface NoticeActions {
  onEdit?: () => void;
  /** Where the screen offers a way back without editing (a list it was opened from). */
  onCancel?: () => void;
}

function ManagedNotice({ managedKey, section, noun, onEdit, onCancel }: ManagedProps & NoticeActions) {
  return (
    <Card role="region" aria-label="Managed by upwatch.yaml" className="border-sky-500/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileCode className="size-4 text-sky-600" aria-hidden />
          Managed by upwatch.yaml
        </CardTitle>
        <CardDescription>
          This {noun} is{' '}
          <code className="font-mono text-xs">
            {section}.{managedKey}
          </code>{' '}
          in an upwatch.yaml file. Change it there: the next{' '}
          <code className="font-mono text-xs">upwatch apply</code> overwrites changes made here.
        </CardDescription>
      </CardHeader>
      {onEdit ? (
        <CardContent className="flex gap-2">
          <Button variant="secondary" onClick={onEdit}>
            Edit here anyway
          </Button>
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </CardContent>
      ) : null}
    </Card>
  );
}

/** The editing controls of a managed resource, shown only once its warning is acknowledged. */
export function ManagedGate({
  managedKey,
  children,
  onCancel,
  ...props
}: Omit<ManagedProps, 'managedKey'> &
  Pick<NoticeActions, 'onCancel'> & {
    managedKey: string | null;
    children: ReactNode;
  }) {
  const [editing, setEditing] = useState(false);
  if (!managedKey) return children;
  if (!editing) {
    return (
      <ManagedNotice managedKey={managedKey} {...props} onEdit={() => setEditing(true)} onCancel={onCancel} />
    );
  }
  return (
    <>
      <ManagedNotice managedKey={managedKey} {...props} />
      {children}
    </>
  );
}
