import { FileCode } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

/**
 * Before a file-managed monitor is edited here: the next `upwatch apply` puts the file's values
 * back, so the change belongs in upwatch.yaml. Editing stays possible (an outage does not wait
 * for a pull request), after saying so.
 */
export function ManagedNotice({ managedKey, onEdit }: { managedKey: string; onEdit?: () => void }) {
  return (
    <Card role="region" aria-label="Managed by upwatch.yaml" className="border-sky-500/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileCode className="size-4 text-sky-600" aria-hidden />
          Managed by upwatch.yaml
        </CardTitle>
        <CardDescription>
          This monitor is <code className="font-mono text-xs">monitors.{managedKey}</code> in an upwatch.yaml
          file. Change it there: the next <code className="font-mono text-xs">upwatch apply</code> overwrites
          changes made here.
        </CardDescription>
      </CardHeader>
      {onEdit ? (
        <CardContent>
          <Button variant="secondary" onClick={onEdit}>
            Edit here anyway
          </Button>
        </CardContent>
      ) : null}
    </Card>
  );
}
